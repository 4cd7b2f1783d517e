import type { KubeObject } from './kube';
import { LABELS } from './model';
import {
  STEADY_REASON,
  decide,
  decisionsDiffer,
  eligibleSets,
  placementDecisionObject,
  placementStatus,
} from './placement';

const cluster = (
  name: string,
  labels: Record<string, string>,
  options: { available?: 'True' | 'Unknown'; platform?: string } = {},
): KubeObject => ({
  metadata: { name, labels: { name, ...labels } },
  status: {
    clusterClaims: [
      {
        name: 'platform.open-cluster-management.io',
        value: options.platform ?? 'AWS',
      },
    ],
    conditions: [
      {
        type: 'ManagedClusterConditionAvailable',
        status: options.available ?? 'True',
        reason: '',
        message: '',
        lastTransitionTime: '2026-12-04T09:00:00Z',
      },
    ],
  },
});

const prod = { [LABELS.clusterSet]: 'prod', environment: 'prod' };
const CLUSTERS = [
  cluster('prod-us-east-aws-1', { ...prod, region: 'us-east' }),
  cluster(
    'prod-eu-west-gcp-1',
    { ...prod, region: 'eu-west' },
    { platform: 'GCP' },
  ),
  cluster('prod-eu-west-aws-1', { ...prod, region: 'eu-west' }),
  cluster(
    'prod-ap-southeast-gcp-1',
    { ...prod, region: 'ap-southeast' },
    { platform: 'GCP' },
  ),
  cluster('dev-eu-west-aws-1', {
    [LABELS.clusterSet]: 'dev',
    region: 'eu-west',
  }),
];
const SETS: KubeObject[] = [
  {
    metadata: { name: 'global' },
    spec: {
      clusterSelector: { selectorType: 'LabelSelector', labelSelector: {} },
    },
  },
  {
    metadata: { name: 'prod' },
    spec: { clusterSelector: { selectorType: 'ExclusiveClusterSetLabel' } },
  },
  {
    metadata: { name: 'dev' },
    spec: { clusterSelector: { selectorType: 'ExclusiveClusterSetLabel' } },
  },
];
const binding = (set: string, name = set): KubeObject => ({
  metadata: { name, namespace: 'shop' },
  spec: { clusterSet: set },
});
const placement = (spec: unknown): KubeObject => ({
  metadata: { name: 'storefront', namespace: 'shop', uid: 'u-1' },
  spec,
});
const names = (o: { decisions: Array<{ clusterName: string }> }) =>
  o.decisions.map(d => d.clusterName);

describe('eligibleSets', () => {
  it('takes the bound sets the Placement names, ignoring bindings not named after their set', () => {
    const sets = eligibleSets(placement({ clusterSets: ['prod'] }), SETS, [
      binding('prod'),
      binding('global'),
      binding('dev', 'not-dev'),
    ]);
    expect(sets.map(s => s.metadata.name)).toEqual(['prod']);
    expect(
      eligibleSets(placement({}), SETS, [
        binding('prod'),
        binding('global'),
      ]).map(s => s.metadata.name),
    ).toEqual(['global', 'prod']);
  });
});

describe('decide', () => {
  const storefront = placement({
    clusterSets: ['prod'],
    numberOfClusters: 2,
    predicates: [
      {
        requiredClusterSelector: {
          labelSelector: {
            matchExpressions: [
              { key: 'region', operator: 'In', values: ['eu-west', 'us-east'] },
            ],
          },
          claimSelector: {
            matchExpressions: [
              {
                key: 'platform.open-cluster-management.io',
                operator: 'In',
                values: ['AWS'],
              },
            ],
          },
        },
      },
    ],
  });

  it('selects by labels and claims within the bound sets, by name', () => {
    const outcome = decide(storefront, SETS, [binding('prod')], CLUSTERS, []);
    expect(outcome.decisions).toEqual([
      { clusterName: 'prod-eu-west-aws-1', reason: STEADY_REASON },
      { clusterName: 'prod-us-east-aws-1', reason: STEADY_REASON },
    ]);
    expect(outcome.satisfied).toMatchObject({
      status: 'True',
      reason: 'AllDecisionsScheduled',
    });
  });

  it('skips clusters that are not Available and says the Placement is short', () => {
    const clusters = CLUSTERS.map(c =>
      c.metadata.name === 'prod-us-east-aws-1'
        ? cluster(c.metadata.name, c.metadata.labels!, { available: 'Unknown' })
        : c,
    );
    const outcome = decide(storefront, SETS, [binding('prod')], clusters, []);
    expect(names(outcome)).toEqual(['prod-eu-west-aws-1']);
    expect(outcome.satisfied).toMatchObject({
      status: 'False',
      reason: 'NotAllDecisionsScheduled',
      message: '1 cluster(s) selected of 2 requested (1 feasible)',
    });
  });

  it('keeps a previous decision while it stays feasible (Steady), then moves', () => {
    const one = placement({ numberOfClusters: 1 });
    const bindings = [binding('global')];
    expect(names(decide(one, SETS, bindings, CLUSTERS, []))).toEqual([
      'dev-eu-west-aws-1',
    ]);
    expect(
      names(decide(one, SETS, bindings, CLUSTERS, ['prod-us-east-aws-1'])),
    ).toEqual(['prod-us-east-aws-1']);
    const withoutDev = CLUSTERS.map(c =>
      c.metadata.name === 'dev-eu-west-aws-1'
        ? cluster(c.metadata.name, c.metadata.labels!, { available: 'Unknown' })
        : c,
    );
    expect(
      names(decide(one, SETS, bindings, withoutDev, ['dev-eu-west-aws-1'])),
    ).toEqual(['prod-ap-southeast-gcp-1']);
  });

  it('selects all feasible clusters without numberOfClusters', () => {
    expect(
      names(decide(placement({}), SETS, [binding('dev')], CLUSTERS, [])),
    ).toEqual(['dev-eu-west-aws-1']);
  });

  it('decides nothing without a binding in the namespace', () => {
    const outcome = decide(storefront, SETS, [], CLUSTERS, []);
    expect(outcome.decisions).toEqual([]);
    expect(outcome.satisfied).toMatchObject({
      status: 'False',
      reason: 'NoManagedClusterSetBindings',
    });
  });
});

describe('decisionsDiffer', () => {
  const d = (clusterName: string) => ({ clusterName, reason: STEADY_REASON });
  it('compares cluster names and reasons in order', () => {
    expect(decisionsDiffer(undefined, [])).toBe(false);
    expect(decisionsDiffer([d('a'), d('b')], [d('a'), d('b')])).toBe(false);
    expect(decisionsDiffer([d('a')], [d('a'), d('b')])).toBe(true);
    expect(decisionsDiffer([d('a'), d('b')], [d('b'), d('a')])).toBe(true);
    expect(decisionsDiffer([{ clusterName: 'a', reason: '' }], [d('a')])).toBe(
      true,
    );
  });
});

describe('the written objects', () => {
  it('labels the PlacementDecision with its Placement and owns it by the Placement', () => {
    const object = placementDecisionObject(placement({}));
    expect(object.metadata).toMatchObject({
      name: 'storefront-decision-1',
      namespace: 'shop',
      labels: { [LABELS.placement]: 'storefront' },
      ownerReferences: [
        expect.objectContaining({ kind: 'Placement', uid: 'u-1' }),
      ],
    });
  });

  it('counts the selected clusters and keeps transition times of unchanged conditions', () => {
    const outcome = decide(
      placement({}),
      SETS,
      [binding('prod')],
      CLUSTERS,
      [],
    );
    const first = placementStatus(placement({}), outcome, 'T0');
    expect(first.numberOfSelectedClusters).toBe(4);
    const again = placementStatus(
      { ...placement({}), status: first },
      outcome,
      'T1',
    );
    expect(again).toEqual(first);
  });
});
