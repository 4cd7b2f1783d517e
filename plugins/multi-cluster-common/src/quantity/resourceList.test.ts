import fc from 'fast-check';
import { QuantityError } from './quantity';
import {
  describeResourceListProblem,
  MAX_RESOURCE_LIST_ENTRIES,
  ownQuantity,
  parseResourceList,
  parseResourceRequests,
  readResourceList,
  resourceSummaryProblems,
  sumResourceLists,
} from './resourceList';
import { isResourceName, resourceNameProblem } from './resourceNames';

describe('resource names', () => {
  it.each([
    'cpu',
    'memory',
    'pods',
    'ephemeral-storage',
    'hugepages-2Mi',
    'nvidia.com/gpu',
    'example.com/MyName',
    'requests.cpu',
    'a',
    `${'a'.repeat(253)}/${'b'.repeat(63)}`,
  ])('accepts %p', name => {
    expect(resourceNameProblem(name)).toBeUndefined();
    expect(isResourceName(name)).toBe(true);
  });

  it.each([
    ['__proto__', 'is reserved'],
    ['constructor', 'is reserved'],
    ['prototype', 'is reserved'],
    ['toString', 'is reserved'],
    ['hasOwnProperty', 'is reserved'],
    ['', 'name part must be non-empty'],
    ['nvidia.com/', 'name part must be non-empty'],
    ['/gpu', 'prefix part must be non-empty'],
    ['a/b/c', "more than one '/'"],
    ['Example.com/gpu', 'prefix part must be a lowercase RFC 1123 subdomain'],
    ['-cpu', 'name part must consist of alphanumeric characters'],
    ['cpu ', 'name part must consist of alphanumeric characters'],
    ['c\u0000pu', 'name part must consist of alphanumeric characters'],
    ['x'.repeat(64), 'name part must be no more than 63 characters'],
    [`${'a'.repeat(254)}/gpu`, 'prefix part must be no more than 253'],
    ['x'.repeat(1_000_000), 'at most 317 characters'],
  ])('refuses %p (%s)', (name, problem) => {
    expect(resourceNameProblem(name)).toContain(problem);
    expect(isResourceName(name)).toBe(false);
  });

  it('refuses names that are not strings', () => {
    expect(resourceNameProblem(42)).toBe('resource names must be strings');
  });

  it('accepts no name that an empty object already answers to (property)', () => {
    fc.assert(
      fc.property(fc.string(), name => {
        const inherited = ({} as Record<string, unknown>)[name] !== undefined;
        expect(inherited && isResourceName(name)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('readResourceList', () => {
  it('keeps the valid entries as text and explains the others', () => {
    const input = JSON.parse(
      '{"cpu":"4","memory":8,"pods":"many","__proto__":"1","constructor":"2","nvidia.com/gpu":"-1"}',
    );
    const { list, problems } = readResourceList(input, 'allocatable');
    expect(list).toEqual({ cpu: '4', memory: '8', 'nvidia.com/gpu': '-1' });
    expect(Object.getPrototypeOf(list)).toBe(Object.prototype);
    expect(
      problems.map(p => [p.resource, p.error.reason, p.error.field]),
    ).toEqual([
      ['pods', 'format', 'allocatable.pods'],
      ['__proto__', 'resource-name', 'allocatable.__proto__'],
      ['constructor', 'resource-name', 'allocatable.constructor'],
    ]);
  });

  it('refuses negative entries only for requests', () => {
    const { problems } = readResourceList({ cpu: '-1' }, 'resourceRequest', {
      requests: true,
    });
    expect(problems[0].error.message).toBe(
      'resourceRequest.cpu: must be greater than or equal to 0',
    );
  });

  it('bounds the number of entries', () => {
    const input = Object.fromEntries(
      Array.from({ length: MAX_RESOURCE_LIST_ENTRIES + 10 }, (_, index) => [
        `example.com/r${index}`,
        '1',
      ]),
    );
    const { list, problems } = readResourceList(input, 'allocatable');
    expect(Object.keys(list)).toHaveLength(MAX_RESOURCE_LIST_ENTRIES);
    expect(problems).toHaveLength(1);
    expect(problems[0].error).toMatchObject({
      reason: 'too-many-resources',
      message: `allocatable: must have at most ${MAX_RESOURCE_LIST_ENTRIES} resources, got ${
        MAX_RESOURCE_LIST_ENTRIES + 10
      }`,
    });
  });

  it.each([['cpu=1'], [['1']], [null], [42]])(
    'refuses %p as a whole',
    input => {
      const { list, problems } = readResourceList(input, 'allocatable');
      expect(list).toEqual({});
      expect(problems[0].error.message).toBe(
        'allocatable: must be a map of resource names to quantities',
      );
    },
  );

  it('treats a missing list as empty', () => {
    expect(readResourceList(undefined)).toEqual({ list: {}, problems: [] });
  });
});

describe('parseResourceList and parseResourceRequests', () => {
  it('return a validated copy', () => {
    expect(parseResourceRequests({ cpu: '500m', memory: 1024 })).toEqual({
      cpu: '500m',
      memory: '1024',
    });
    expect(parseResourceList({ cpu: '-1' }, 'allocatable')).toEqual({
      cpu: '-1',
    });
  });

  it.each([
    [{ cpu: 'abc' }, 'resourceRequest.cpu: quantities must match'],
    [{ cpu: '1e10000000' }, 'resourceRequest.cpu: quantity exponents must be'],
    [{ cpu: '-1' }, 'resourceRequest.cpu: must be greater than or equal to 0'],
    [{ cpu: '' }, 'resourceRequest.cpu: quantities must match'],
    [{ cpu: null }, 'resourceRequest.cpu: quantities must be a string'],
    [{ prototype: '1' }, "resourceRequest.prototype: 'prototype' is reserved"],
  ])('throw a QuantityError naming the field for %p', (input, message) => {
    expect(() => parseResourceRequests(input)).toThrow(QuantityError);
    expect(() => parseResourceRequests(input)).toThrow(message);
  });
});

describe('ownQuantity', () => {
  it('reads only what the list itself holds', () => {
    expect(ownQuantity({ cpu: '1' }, 'cpu')).toBe('1');
    expect(ownQuantity({}, 'constructor')).toBeUndefined();
    expect(ownQuantity({}, 'toString')).toBeUndefined();
    expect(ownQuantity(undefined, 'cpu')).toBeUndefined();
  });
});

describe('resourceSummaryProblems', () => {
  it('names every bad entry of a summary with its list', () => {
    const problems = resourceSummaryProblems({
      allocatable: { cpu: '4', memory: '1..5Gi' },
      allocated: { cpu: 'NaN' },
      allocating: { pods: '1' },
    });
    expect(problems.map(p => p.error.message)).toEqual([
      expect.stringMatching(
        /^resourceSummary\.allocatable\.memory: quantities must match/,
      ),
      expect.stringMatching(
        /^resourceSummary\.allocated\.cpu: quantities must match/,
      ),
    ]);
    expect(resourceSummaryProblems(undefined)).toEqual([]);
  });
});

describe('sumResourceLists', () => {
  it('sums exactly and leaves refused entries out, naming their source', () => {
    const { sum, problems } = sumResourceLists(
      [
        { cpu: '500m', memory: '64Gi' },
        { cpu: 'four', memory: '64Gi', 'a b': '1' },
        undefined,
        { cpu: '1.5' },
      ],
      index => `node ${index}`,
    );
    expect(sum).toEqual({ cpu: '2', memory: '128Gi' });
    expect(
      problems.map(p => [p.source, describeResourceListProblem(p)]),
    ).toEqual([
      [
        'node 1',
        expect.stringMatching(
          /^cpu 'four' is not a quantity: quantities must match/,
        ),
      ],
      [
        'node 1',
        expect.stringMatching(
          /^"a b" is not a resource name: name part must consist/,
        ),
      ],
    ]);
  });

  it('quotes only the start of a long value', () => {
    const { problems } = sumResourceLists([{ cpu: 'x'.repeat(10_000) }]);
    const line = describeResourceListProblem(problems[0]);
    expect(line.length).toBeLessThan(300);
    expect(line).toContain(`cpu '${'x'.repeat(80)}...'`);
  });
});
