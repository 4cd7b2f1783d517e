import { z } from 'zod';
import {
  boundedArray,
  boundedRecord,
  clusterHistoryQuerySchema,
  formatRequestIssues,
  listClustersQuerySchema,
  listClustersRequestSchema,
  parseRequest,
  recommendPlacementRequestSchema,
  requestObject,
  simulatePlacementRequestSchema,
  startDrillRequestSchema,
  startFailoverRequestSchema,
} from '.';

function failure(schema: z.ZodTypeAny, input: unknown) {
  const result = parseRequest(schema, input);
  if (result.success) {
    throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  }
  return result;
}

const placement = { clusterAffinity: { clusterNames: ['a'] } };

describe('request objects', () => {
  it('name unknown fields and refuse them', () => {
    const { message } = failure(startFailoverRequestSchema, {
      entityRef: 'component:default/checkout',
      from: 'eu',
      reason: 'down',
      url: 'https://evil',
    });
    expect(message).toBe("(body): Unrecognized key(s) in object: 'url'");
  });

  it('keep an error about 100,000 unknown keys short', () => {
    const body: Record<string, unknown> = { replicas: 1 };
    for (let i = 0; i < 100_000; i++) body[`key-${i}`] = i;
    const { message, issues } = failure(recommendPlacementRequestSchema, body);
    expect(message).toBe(
      "(body): Unrecognized key(s) in object: 'key-0', 'key-1', 'key-2', 'key-3', 'key-4' and 99995 more",
    );
    expect(JSON.stringify(issues).length).toBeLessThan(1_000);
  });

  it('stop validating after a bounded number of problems', () => {
    let checked = 0;
    const schema = requestObject({
      items: boundedArray(
        z.number().refine(() => {
          checked++;
          return false;
        }, 'never valid'),
        20_000,
      ),
    });
    const { message, issues } = failure(schema, {
      items: Array.from({ length: 20_000 }, (_, i) => i),
    });
    expect(checked).toBe(100);
    expect(issues).toHaveLength(6);
    expect(message).toBe(
      'items.0: never valid; items.1: never valid; items.2: never valid; items.3: never valid; items.4: never valid (and at least 95 more)',
    );
  });

  it('refuse unknown fields before checking any field', () => {
    let checked = 0;
    const schema = requestObject({
      items: boundedArray(
        z.number().refine(() => {
          checked++;
          return true;
        }),
        10,
      ),
    });
    const { message } = failure(schema, { items: [1, 2, 3], extra: true });
    expect(checked).toBe(0);
    expect(message).toBe("(body): Unrecognized key(s) in object: 'extra'");
  });

  it('count the problems past the first five when there are few', () => {
    const { message } = failure(listClustersRequestSchema, {
      region: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(message).toMatch(/^region\.0: Expected string, received number; /);
    expect(message).toMatch(/ \(and 2 more\)$/);
  });

  it('refuse an over-long list by its length, before its items', () => {
    let checked = 0;
    const schema = requestObject({
      items: boundedArray(
        z.number().refine(() => {
          checked++;
          return true;
        }),
        10,
      ),
    });
    const { message } = failure(schema, { items: new Array(500_000).fill(1) });
    expect(checked).toBe(0);
    expect(message).toBe('items: at most 10 items allowed, got 500000');
  });

  it('refuse an over-large map by its size, before its entries', () => {
    let checked = 0;
    const schema = requestObject({
      map: boundedRecord(
        z.string().refine(() => {
          checked++;
          return true;
        }),
        z.string(),
        3,
      ),
    });
    const { message } = failure(schema, {
      map: { a: 'x', b: 'x', c: 'x', d: 'x' },
    });
    expect(checked).toBe(0);
    expect(message).toBe('map: at most 3 keys allowed');
  });

  it('never quote a huge value or key in full', () => {
    const huge = 'x'.repeat(100_000);
    const { message } = failure(listClustersRequestSchema, {
      health: [huge],
      labels: { [huge]: huge },
    });
    expect(message.length).toBeLessThan(1_000);
    expect(message).toContain('health.0: Invalid enum value');
  });

  it('format any zod error within bounds', () => {
    const error = z
      .array(z.string())
      .safeParse(Array.from({ length: 1_000 }, () => 1));
    expect(error.success).toBe(false);
    const message = formatRequestIssues(
      (error as z.SafeParseError<unknown>).error.issues,
    );
    expect(message).toMatch(/^0: Expected string, received number; /);
    expect(message).toMatch(/\(and 995 more\)$/);
  });
});

describe('resource lists', () => {
  const simulate = (resourceRequest: unknown) =>
    parseRequest(simulatePlacementRequestSchema, {
      replicas: 1,
      placement,
      replicaRequirements: { resourceRequest },
    });

  it.each([
    'abc',
    '',
    'NaN',
    'Infinity',
    '0x10',
    '1..5',
    '1e999999999Ki',
    '1e999999999',
    '-1',
    '-500m',
    '9'.repeat(65),
    true,
    null,
    {},
  ])('refuse %j as a request quantity', value => {
    const result = simulate({ cpu: value });
    expect(result.success).toBe(false);
    expect(!result.success && result.message).toMatch(
      /^replicaRequirements\.resourceRequest\.cpu: /,
    );
  });

  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'a b', ''])(
    'refuse %j as a resource name',
    name => {
      const result = simulate(JSON.parse(`{${JSON.stringify(name)}: "1"}`));
      expect(result.success).toBe(false);
    },
  );

  it('accept Kubernetes quantities and take numbers as their text', () => {
    const result = simulate({
      // Kubernetes trims white space around a quantity (UnmarshalJSON).
      cpu: ' 500m ',
      memory: '1.5Gi',
      'nvidia.com/gpu': 1,
      'ephemeral-storage': '129e6',
      'hugepages-2Mi': 0.5,
    });
    expect(result).toEqual({
      success: true,
      data: expect.objectContaining({
        replicaRequirements: {
          resourceRequest: {
            cpu: '500m',
            memory: '1.5Gi',
            'nvidia.com/gpu': '1',
            'ephemeral-storage': '129e6',
            'hugepages-2Mi': '0.5',
          },
        },
      }),
    });
  });

  it.each(['abc', '-1', '1e999999999', 'NaN', '1Zi'])(
    "refuse %j in a posted cluster's allocatable",
    value => {
      const { message } = failure(simulatePlacementRequestSchema, {
        replicas: 1,
        placement,
        clusters: [
          { name: 'a', resourceSummary: { allocatable: { cpu: value } } },
        ],
      });
      expect(message).toMatch(
        /^clusters\.0\.resourceSummary\.allocatable\.cpu: /,
      );
    },
  );
});

describe('placement requests', () => {
  it('bound the Karmada placement before checking it', () => {
    const { message } = failure(simulatePlacementRequestSchema, {
      replicas: 1,
      placement: {
        clusterAffinity: {
          clusterNames: Array.from({ length: 30_000 }, (_, i) => `c${i}`),
        },
      },
    });
    expect(message).toBe(
      'placement.clusterAffinity.clusterNames: at most 5000 items allowed',
    );
  });

  it('bound a reachability requirement as a whole', () => {
    const clusters = Array.from({ length: 15_000 }, (_, i) => ({
      name: `c${i}`,
    }));
    const { message } = failure(recommendPlacementRequestSchema, {
      replicas: 1,
      reachability: {
        dependencies: [
          { ref: 'component:default/db', clusters },
          { ref: 'component:default/cache', clusters },
        ],
      },
    });
    expect(message).toBe('reachability: at most 60000 values allowed');
  });

  it("keep Karmada's own checks", () => {
    const { message } = failure(simulatePlacementRequestSchema, {
      replicas: 1,
      placement: { clusterAffinity: { labelSelector: { matchLabels: 1 } } },
    });
    expect(message).toMatch(/^placement\.clusterAffinity\.labelSelector/);
  });

  it('accept a simulation on posted clusters', () => {
    const result = parseRequest(simulatePlacementRequestSchema, {
      replicas: 3,
      placement,
      clusters: [
        {
          name: 'a',
          labels: { environment: 'prod', 'flotilla.io/tier': 'gold' },
          taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }],
          resourceSummary: { allocatable: { cpu: '8', pods: 110 } },
          clusterSets: ['mesh'],
        },
      ],
    });
    expect(result.success).toBe(true);
  });

  it('refuse labels keyed by object members', () => {
    const { message } = failure(recommendPlacementRequestSchema, {
      replicas: 1,
      requiredLabels: JSON.parse('{"__proto__": "x", "constructor": "y"}'),
    });
    expect(message).toContain(
      "requiredLabels.__proto__: invalid label key '__proto__'",
    );
    expect(message).toContain(
      "requiredLabels.constructor: invalid label key 'constructor': is reserved",
    );
  });
});

describe('GET /clusters query', () => {
  it('reads labels, lists, booleans and paging into the action request', () => {
    expect(
      parseRequest(listClustersQuerySchema, {
        label: ['environment=prod', 'tenant=payments'],
        region: 'eu-west-1, us-west-2',
        health: ['healthy'],
        conflicted: 'false',
        limit: '2',
        offset: '1',
      }),
    ).toEqual({
      success: true,
      data: {
        labels: { environment: 'prod', tenant: 'payments' },
        region: ['eu-west-1', 'us-west-2'],
        health: ['healthy'],
        conflicted: false,
        limit: 2,
        offset: 1,
      },
    });
    expect(parseRequest(listClustersQuerySchema, {})).toEqual({
      success: true,
      data: { limit: 100, offset: 0 },
    });
  });

  it.each([
    [{ label: 'novalue' }, 'label: expected key=value'],
    [
      { label: '__proto__=x' },
      "labels.__proto__: invalid label key '__proto__'",
    ],
    [{ limit: '0' }, 'limit: Number must be greater than or equal to 1'],
    [{ limit: 'ten' }, 'limit: must be a whole number'],
    [{ region: { a: 'b' } }, 'region: Expected array, received object'],
    [{ health: 'sick' }, 'health.0: Invalid enum value'],
    // The simulated demo source is gone: every source is a real one.
    [{ source: 'demo' }, 'source.0: Invalid enum value'],
    [{ color: 'red' }, "(body): Unrecognized key(s) in object: 'color'"],
  ])('refuses %j', (query, message) => {
    expect(failure(listClustersQuerySchema, query).message).toContain(message);
  });

  it('reads the history limit', () => {
    expect(parseRequest(clusterHistoryQuerySchema, {})).toEqual({
      success: true,
      data: { limit: 50 },
    });
    expect(failure(clusterHistoryQuerySchema, { limit: '501' }).message).toBe(
      'limit: Number must be less than or equal to 500',
    );
  });
});

describe('failover requests', () => {
  it('default the drill reason and refuse force on drills', () => {
    expect(
      parseRequest(startDrillRequestSchema, {
        entityRef: 'checkout',
        from: 'eu-west',
      }),
    ).toEqual({
      success: true,
      data: { entityRef: 'checkout', from: 'eu-west', reason: 'DR drill' },
    });
    expect(
      failure(startDrillRequestSchema, {
        entityRef: 'checkout',
        from: 'eu-west',
        force: true,
      }).message,
    ).toContain("'force'");
  });
});
