import { karmadaPlacementSchema, KarmadaPlacement } from './placement';

// Leaf paths of policy.karmada.io/v1alpha1 PropagationPolicy spec.placement,
// extracted from the CRD schema (/work/shared/crds/karmada).
const CRD_PLACEMENT_PATHS: string[] = [
  'clusterAffinities.[].affinityName',
  'clusterAffinities.[].clusterNames.[]',
  'clusterAffinities.[].exclude.[]',
  'clusterAffinities.[].fieldSelector.matchExpressions.[].key',
  'clusterAffinities.[].fieldSelector.matchExpressions.[].operator',
  'clusterAffinities.[].fieldSelector.matchExpressions.[].values.[]',
  'clusterAffinities.[].labelSelector.matchExpressions.[].key',
  'clusterAffinities.[].labelSelector.matchExpressions.[].operator',
  'clusterAffinities.[].labelSelector.matchExpressions.[].values.[]',
  'clusterAffinities.[].labelSelector.matchLabels',
  'clusterAffinities.[].overflowAffinities.[].affinityName',
  'clusterAffinities.[].overflowAffinities.[].clusterNames.[]',
  'clusterAffinities.[].overflowAffinities.[].exclude.[]',
  'clusterAffinities.[].overflowAffinities.[].fieldSelector.matchExpressions.[].key',
  'clusterAffinities.[].overflowAffinities.[].fieldSelector.matchExpressions.[].operator',
  'clusterAffinities.[].overflowAffinities.[].fieldSelector.matchExpressions.[].values.[]',
  'clusterAffinities.[].overflowAffinities.[].labelSelector.matchExpressions.[].key',
  'clusterAffinities.[].overflowAffinities.[].labelSelector.matchExpressions.[].operator',
  'clusterAffinities.[].overflowAffinities.[].labelSelector.matchExpressions.[].values.[]',
  'clusterAffinities.[].overflowAffinities.[].labelSelector.matchLabels',
  'clusterAffinity.clusterNames.[]',
  'clusterAffinity.exclude.[]',
  'clusterAffinity.fieldSelector.matchExpressions.[].key',
  'clusterAffinity.fieldSelector.matchExpressions.[].operator',
  'clusterAffinity.fieldSelector.matchExpressions.[].values.[]',
  'clusterAffinity.labelSelector.matchExpressions.[].key',
  'clusterAffinity.labelSelector.matchExpressions.[].operator',
  'clusterAffinity.labelSelector.matchExpressions.[].values.[]',
  'clusterAffinity.labelSelector.matchLabels',
  'clusterTolerations.[].effect',
  'clusterTolerations.[].key',
  'clusterTolerations.[].operator',
  'clusterTolerations.[].tolerationSeconds',
  'clusterTolerations.[].value',
  'replicaScheduling.replicaDivisionPreference',
  'replicaScheduling.replicaSchedulingType',
  'replicaScheduling.weightPreference.dynamicWeight',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.clusterNames.[]',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.exclude.[]',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.fieldSelector.matchExpressions.[].key',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.fieldSelector.matchExpressions.[].operator',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.fieldSelector.matchExpressions.[].values.[]',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.labelSelector.matchExpressions.[].key',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.labelSelector.matchExpressions.[].operator',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.labelSelector.matchExpressions.[].values.[]',
  'replicaScheduling.weightPreference.staticWeightList.[].targetCluster.labelSelector.matchLabels',
  'replicaScheduling.weightPreference.staticWeightList.[].weight',
  'spreadConstraints.[].maxGroups',
  'spreadConstraints.[].minGroups',
  'spreadConstraints.[].spreadByField',
  'spreadConstraints.[].spreadByLabel',
  'workloadAffinity.affinity.groupByLabelKey',
  'workloadAffinity.antiAffinity.groupByLabelKey',
];

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
