import { sampleFleet } from '../__fixtures__/fleet';
import { ledger } from './__fixtures__/services';
import { FailoverPlanError, planFailover } from './failoverPlan';

/** The ledger runs 4 replicas on eu-aws, its primary. */
const base = {
  service: ledger,
  from: 'eu-aws',
  placement: [{ name: 'eu-aws', replicas: 4 }],
  fleet: sampleFleet,
};

describe('planFailover with the targets a region failover planned', () => {
  it('moves the replicas exactly as planned, over several targets', () => {
    const plan = planFailover({
      ...base,
      targets: [
        { name: 'us-aws', replicas: 3 },
        { name: 'ap-gcp', replicas: 1 },
      ],
    });
    expect(plan.targetChosenBy).toBe('plan');
    expect(plan.recommendation).toBeUndefined();
    // The plan's order of targets, not the fleet's.
    expect(plan.to).toEqual(['us-aws', 'ap-gcp']);
    expect(plan.movedReplicas).toBe(4);
    // Every cluster whose count changes, by name: eu-aws gives its 4,
    // ap-gcp takes 1 and us-aws 3.
    expect(plan.moves).toEqual([
      { cluster: 'ap-gcp', before: 0, after: 1 },
      { cluster: 'eu-aws', before: 4, after: 0 },
      { cluster: 'us-aws', before: 0, after: 3 },
    ]);
    const precheck = plan.steps.find(s => s.kind === 'precheck-target');
    expect(precheck?.params).toEqual({
      targets: [
        { cluster: 'us-aws', additionalReplicas: 3 },
        { cluster: 'ap-gcp', additionalReplicas: 1 },
      ],
    });
  });

  it('adds the planned replicas to what a target already runs', () => {
    const plan = planFailover({
      ...base,
      placement: [
        { name: 'eu-aws', replicas: 3 },
        { name: 'us-aws', replicas: 2 },
      ],
      targets: [{ name: 'us-aws', replicas: 3 }],
    });
    // us-aws runs 2 and takes eu-aws's 3: 5.
    expect(plan.moves).toEqual([
      { cluster: 'eu-aws', before: 3, after: 0 },
      { cluster: 'us-aws', before: 2, after: 5 },
    ]);
  });

  it.each([
    [
      'fewer replicas than the source runs',
      [{ name: 'us-aws', replicas: 3 }],
      'the planned targets take 3 replica(s) but eu-aws runs 4 of component:default/ledger',
    ],
    [
      'more replicas than the source runs',
      [
        { name: 'us-aws', replicas: 3 },
        { name: 'ap-gcp', replicas: 2 },
      ],
      'the planned targets take 5 replica(s) but eu-aws runs 4 of component:default/ledger',
    ],
    [
      'a cluster outside the fleet',
      [{ name: 'nowhere', replicas: 4 }],
      "target cluster 'nowhere' is not in the fleet",
    ],
    [
      'the source itself',
      [
        { name: 'eu-aws', replicas: 1 },
        { name: 'us-aws', replicas: 3 },
      ],
      'the target must differ from the source',
    ],
    [
      'a cluster named twice',
      [
        { name: 'us-aws', replicas: 2 },
        { name: 'us-aws', replicas: 2 },
      ],
      "target cluster 'us-aws' is planned twice",
    ],
    [
      'a target that takes no replica',
      [
        { name: 'us-aws', replicas: 4 },
        { name: 'ap-gcp', replicas: 0 },
      ],
      "target cluster 'ap-gcp' must take a whole number of replicas >= 1, not 0",
    ],
    [
      'a fraction of a replica',
      [
        { name: 'us-aws', replicas: 3.5 },
        { name: 'ap-gcp', replicas: 0.5 },
      ],
      "target cluster 'us-aws' must take a whole number of replicas >= 1, not 3.5",
    ],
    ['no target', [], 'the planned targets are empty'],
  ])('refuses %s', (_, targets, message) => {
    expect(() => planFailover({ ...base, targets })).toThrow(
      new FailoverPlanError(message),
    );
  });

  it('refuses an unhealthy target with the inventory’s reason', () => {
    const fleet = sampleFleet.map(c =>
      c.name === 'ap-gcp'
        ? { ...c, health: 'unhealthy' as const, healthDetail: 'readyz 503' }
        : c,
    );
    expect(() =>
      planFailover({
        ...base,
        fleet,
        targets: [
          { name: 'us-aws', replicas: 3 },
          { name: 'ap-gcp', replicas: 1 },
        ],
      }),
    ).toThrow(
      new FailoverPlanError(
        "target cluster 'ap-gcp' is unhealthy (readyz 503)",
      ),
    );
  });

  it('refuses a target that cannot reach the dependencies', () => {
    // payments-db runs on eu-gcp in mesh-eu; us-aws is only in mesh-us.
    const fleet = sampleFleet.map(c => ({
      ...c,
      clusterSets: c.name.startsWith('eu-') ? ['mesh-eu'] : ['mesh-us'],
    }));
    expect(() =>
      planFailover({
        ...base,
        fleet,
        dependencies: [
          {
            ref: 'component:default/payments-db',
            clusters: [{ name: 'eu-gcp', clusterSets: ['mesh-eu'] }],
          },
        ],
        targets: [{ name: 'us-aws', replicas: 4 }],
      }),
    ).toThrow(
      new FailoverPlanError(
        "target cluster 'us-aws' cannot reach the dependencies of component:default/ledger: us-aws shares no cluster set with component:default/payments-db (runs on eu-gcp)",
      ),
    );
  });

  it('refuses a request that names a target and planned targets', () => {
    expect(() =>
      planFailover({
        ...base,
        to: 'us-aws',
        targets: [{ name: 'us-aws', replicas: 4 }],
      }),
    ).toThrow(new FailoverPlanError('give either a target or planned targets'));
  });
});
