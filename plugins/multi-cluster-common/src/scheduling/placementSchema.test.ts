import { upstreamCrdsDir } from '@flotilla/upstream-crds';
import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import type { KarmadaPlacement } from './placement';
import { karmadaPlacementSchema } from './placementSchema';

interface OpenApiSchema {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
}

/** Leaf paths of an OpenAPI schema: `a.b`, `a.[].c`; maps are leaves. */
function schemaLeafPaths(schema: OpenApiSchema, prefix = ''): string[] {
  if (schema.type === 'array' && schema.items) {
    return schemaLeafPaths(schema.items, `${prefix}.[]`);
  }
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, child]) =>
      schemaLeafPaths(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

// Leaf paths of policy.karmada.io/v1alpha1 PropagationPolicy spec.placement,
// read from the upstream CRD.
const CRD_PLACEMENT_PATHS: string[] = (() => {
  const crd = parse(
    fs.readFileSync(
      path.join(
        upstreamCrdsDir(),
        'karmada/policy.karmada.io_propagationpolicies.yaml',
      ),
      'utf8',
    ),
  );
  const version = crd.spec.versions.find(
    (candidate: { name: string }) => candidate.name === 'v1alpha1',
  );
  return schemaLeafPaths(
    version.schema.openAPIV3Schema.properties.spec.properties.placement,
  );
})();

function issues(input: unknown): string[] {
  const result = karmadaPlacementSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map(issue => issue.message);
}

describe('karmadaPlacementSchema', () => {
  it('accepts a full placement', () => {
    const placement: KarmadaPlacement = {
      clusterAffinity: {
        labelSelector: {
          matchLabels: { env: 'prod' },
          matchExpressions: [{ key: 'tier', operator: 'In', values: ['gold'] }],
        },
        fieldSelector: {
          matchExpressions: [
            { key: 'region', operator: 'NotIn', values: ['cn'] },
          ],
        },
        clusterNames: ['a'],
        exclude: ['b'],
      },
      clusterTolerations: [
        {
          key: 'cluster.karmada.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
      spreadConstraints: [
        { spreadByField: 'region', minGroups: 1, maxGroups: 2 },
        { spreadByField: 'cluster', minGroups: 2, maxGroups: 4 },
      ],
      replicaScheduling: {
        replicaSchedulingType: 'Divided',
        replicaDivisionPreference: 'Weighted',
        weightPreference: {
          staticWeightList: [
            { targetCluster: { clusterNames: ['a'] }, weight: 2 },
          ],
        },
      },
    };
    const parsed = karmadaPlacementSchema.parse(placement);
    expect(parsed).toEqual(placement);
  });

  it('accepts clusterAffinities with overflow tiers and an empty placement', () => {
    expect(
      issues({
        clusterAffinities: [
          {
            affinityName: 'primary',
            clusterNames: ['a'],
            overflowAffinities: [
              { affinityName: 'burst', clusterNames: ['b'] },
            ],
          },
          { affinityName: 'backup', clusterNames: ['c'] },
        ],
      }),
    ).toEqual([]);
    expect(issues({})).toEqual([]);
  });

  it('rejects clusterAffinity together with clusterAffinities', () => {
    expect(
      issues({
        clusterAffinity: {},
        clusterAffinities: [{ affinityName: 'a' }],
      }),
    ).toEqual(['clusterAffinities cannot co-exist with clusterAffinity']);
  });

  it('requires unique, qualified affinity names', () => {
    expect(
      issues({
        clusterAffinities: [{ affinityName: 'a' }, { affinityName: 'a' }],
      }),
    ).toEqual(['each affinity term in a policy must have a unique name']);
    expect(
      issues({ clusterAffinities: [{ affinityName: 'bad name' }] })[0],
    ).toMatch(/^invalid affinityName "bad name"/);
    expect(issues({ clusterAffinities: [{}] })).toEqual([
      'affinityName is required',
    ]);
  });

  it('limits field selectors to provider/region/zone with In/NotIn (webhook text)', () => {
    expect(
      issues({
        clusterAffinity: {
          fieldSelector: {
            matchExpressions: [{ key: 'city', operator: 'In', values: ['x'] }],
          },
        },
      }),
    ).toEqual(['unsupported key "city", must be provider, region, or zone']);
    expect(
      issues({
        clusterAffinity: {
          fieldSelector: {
            matchExpressions: [{ key: 'zone', operator: 'Exists' }],
          },
        },
      }),
    ).toEqual(['unsupported operator "Exists", must be In or NotIn']);
  });

  it('validates label selectors like Kubernetes', () => {
    expect(
      issues({
        clusterAffinity: {
          labelSelector: {
            matchExpressions: [{ key: 'env', operator: 'In', values: [] }],
          },
        },
      }),
    ).toEqual(['values must be non-empty for operator In']);
    expect(
      issues({
        clusterAffinity: {
          labelSelector: {
            matchExpressions: [
              { key: 'env', operator: 'Exists', values: ['x'] },
            ],
          },
        },
      }),
    ).toEqual(['values must be empty for operator Exists']);
    expect(
      issues({
        clusterAffinity: {
          labelSelector: {
            matchExpressions: [{ key: 'env', operator: 'Gt', values: ['1'] }],
          },
        },
      }),
    ).toEqual(['operator must be one of In, NotIn, Exists, DoesNotExist']);
    expect(
      issues({
        clusterAffinity: { labelSelector: { matchLabels: { 'bad key': 'v' } } },
      })[0],
    ).toMatch(/^invalid label key "bad key"/);
  });

  it('applies the spread constraint rules with the webhook messages', () => {
    expect(
      issues({
        spreadConstraints: [{ spreadByField: 'cluster', spreadByLabel: 'x' }],
      }),
    ).toEqual(['spreadByLabel should not co-exist with spreadByField']);
    expect(issues({ spreadConstraints: [{ minGroups: -1 }] })).toEqual([
      'minGroups lower than 0 is not allowed',
    ]);
    expect(
      issues({ spreadConstraints: [{ minGroups: 3, maxGroups: 2 }] }),
    ).toEqual(['maxGroups lower than minGroups is not allowed']);
    expect(
      issues({
        spreadConstraints: [
          { spreadByField: 'cluster' },
          { spreadByField: 'cluster' },
        ],
      }),
    ).toEqual(['multiple cluster spread constraints are not allowed']);
    expect(
      issues({ spreadConstraints: [{ spreadByField: 'region' }] }),
    ).toEqual([
      'the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled',
    ]);
  });

  it('checks enums and weights', () => {
    expect(
      issues({ replicaScheduling: { replicaSchedulingType: 'Split' } }),
    ).toEqual(['replicaSchedulingType must be Duplicated or Divided']);
    expect(
      issues({
        replicaScheduling: {
          weightPreference: {
            staticWeightList: [{ targetCluster: {}, weight: 0 }],
          },
        },
      }),
    ).toEqual(['weight must be at least 1']);
    expect(
      issues({
        replicaScheduling: {
          weightPreference: {
            staticWeightList: [{ targetCluster: {}, weight: 1e308 }],
          },
        },
      }),
    ).toEqual(['weight must be at most 2147483647']);
    expect(
      issues({
        clusterTolerations: [
          { key: 'k', operator: 'Exists', tolerationSeconds: 2 ** 63 },
        ],
        spreadConstraints: [{ spreadByField: 'cluster', maxGroups: 2 ** 40 }],
      }),
    ).toEqual([
      'tolerationSeconds must be at most 2147483647',
      'maxGroups must be at most 2147483647',
    ]);
    expect(
      issues({
        replicaScheduling: { weightPreference: { dynamicWeight: 'Cpu' } },
      }),
    ).toEqual(['dynamicWeight must be AvailableReplicas']);
    expect(issues({ clusterTolerations: [{ operator: 'Like' }] })).toEqual([
      'toleration operator must be Exists or Equal',
    ]);
  });

  it('rejects unknown fields (typos)', () => {
    expect(issues({ clusterAfinity: {} })[0]).toMatch(/Unrecognized key/);
  });

  it("covers every field of the CRD's spec.placement", () => {
    const affinity = {
      clusterNames: ['a'],
      exclude: ['b'],
      fieldSelector: {
        matchExpressions: [
          { key: 'zone' as const, operator: 'In' as const, values: ['z'] },
        ],
      },
      labelSelector: {
        matchExpressions: [
          { key: 'tier', operator: 'In' as const, values: ['gold'] },
        ],
        matchLabels: { env: 'prod' },
      },
    };
    const common: KarmadaPlacement = {
      clusterTolerations: [
        {
          effect: 'NoExecute',
          key: 'k',
          operator: 'Equal',
          tolerationSeconds: 30,
          value: 'v',
        },
      ],
      replicaScheduling: {
        replicaDivisionPreference: 'Weighted',
        replicaSchedulingType: 'Divided',
        weightPreference: {
          dynamicWeight: 'AvailableReplicas',
          staticWeightList: [{ targetCluster: affinity, weight: 1 }],
        },
      },
      spreadConstraints: [
        { maxGroups: 2, minGroups: 1, spreadByField: 'cluster' },
        { spreadByLabel: 'team' },
      ],
      workloadAffinity: {
        affinity: { groupByLabelKey: 'app' },
        antiAffinity: { groupByLabelKey: 'app' },
      },
    };
    const withAffinity: KarmadaPlacement = {
      ...common,
      clusterAffinity: affinity,
    };
    const withAffinities: KarmadaPlacement = {
      ...common,
      clusterAffinities: [
        {
          affinityName: 'primary',
          ...affinity,
          overflowAffinities: [{ affinityName: 'burst', ...affinity }],
        },
      ],
    };
    expect(issues(withAffinity)).toEqual([]);
    expect(issues(withAffinities)).toEqual([]);

    const leafPaths = (value: unknown, prefix: string): string[] => {
      if (Array.isArray(value))
        return value.flatMap(item => leafPaths(item, `${prefix}.[]`));
      if (
        value &&
        typeof value === 'object' &&
        !prefix.endsWith('matchLabels')
      ) {
        return Object.entries(value).flatMap(([key, child]) =>
          leafPaths(child, prefix ? `${prefix}.${key}` : key),
        );
      }
      return [prefix];
    };
    const covered = new Set([
      ...leafPaths(withAffinity, ''),
      ...leafPaths(withAffinities, ''),
    ]);
    const crdPaths = CRD_PLACEMENT_PATHS;
    expect(crdPaths.filter(crdPath => !covered.has(crdPath))).toEqual([]);
    expect([...covered].filter(ours => !crdPaths.includes(ours))).toEqual([]);
  });
});
