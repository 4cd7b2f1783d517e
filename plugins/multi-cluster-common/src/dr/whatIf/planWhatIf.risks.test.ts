import { member, service, smallFleet } from './__fixtures__/whatIfFleet';
import { planWhatIf } from './planWhatIf';
import type { WhatIfServiceInput } from './types';

const loseEuWest = { regions: ['eu-west'] };

function planOne(input: WhatIfServiceInput, fleet = smallFleet()) {
  return planWhatIf({ fleet, services: [input], loss: loseEuWest });
}

describe('planWhatIf: quorum', () => {
  it('loses quorum when too few replicas survive and none can move', () => {
    // 100 cores per replica fit nowhere; 1 replica stays on us-1.
    const plan = planOne(
      service(
        'ledger',
        [
          { name: 'eu-1', replicas: 2 },
          { name: 'us-1', replicas: 1 },
        ],
        { minReplicas: 2, resourceRequest: { cpu: '100' } },
      ),
    );
    expect(plan.services[0]).toMatchObject({
      outcome: 'unplaceable',
      placementAfter: [{ name: 'us-1', replicas: 1 }],
      // 1 left + 0 placed < 2.
      quorum: { minReplicas: 2, replicasAfter: 1, kept: false },
    });
    expect(plan.summary.atRisk).toBe(1);
  });

  it('keeps quorum with the default of one replica', () => {
    const plan = planOne(
      service('web', [{ name: 'eu-1', replicas: 2 }], {
        resourceRequest: { cpu: '1' },
      }),
    );
    // 2 x 1 core fit on us-1 (4 free): 2 after >= 1.
    expect(plan.services[0].quorum).toEqual({
      minReplicas: 1,
      replicasAfter: 2,
      kept: true,
    });
  });
});

describe('planWhatIf: recovery objectives', () => {
  it("compares the targets with the strategy's best figures", () => {
    // Warm standby: best RTO 60 s, best RPO 1 s.
    const plan = planOne(
      service('ledger', [{ name: 'eu-1', replicas: 1 }], {
        strategy: 'active-passive-warm',
        rtoSeconds: 120,
        rpoSeconds: 0,
        resourceRequest: { cpu: '1' },
      }),
    );
    expect(plan.services[0]).toMatchObject({
      outcome: 'moved',
      // 60 <= 120: kept; 1 > 0: missed.
      rto: { targetSeconds: 120, expectedSeconds: 60, kept: true },
      rpo: { targetSeconds: 0, expectedSeconds: 1, kept: false },
    });
    // Moved, but the RPO is missed: at risk.
    expect(plan.summary.atRisk).toBe(1);
  });

  it('has no verdict without a target', () => {
    // Backup and restore: best RTO 2 h, best RPO 1 h.
    const plan = planOne(
      service('reports', [{ name: 'eu-1', replicas: 1 }], {
        strategy: 'backup-restore',
      }),
    );
    expect(plan.services[0].rto).toEqual({ expectedSeconds: 7200, kept: null });
    expect(plan.services[0].rpo).toEqual({ expectedSeconds: 3600, kept: null });
    expect(plan.summary.atRisk).toBe(0);
  });

  it('misses every target while replicas are left unplaced', () => {
    // Active-active (best 0 s) would keep a 300 s target, but 100 cores fit nowhere.
    const plan = planOne(
      service('search', [{ name: 'eu-1', replicas: 1 }], {
        rtoSeconds: 300,
        rpoSeconds: 300,
        resourceRequest: { cpu: '100' },
      }),
    );
    expect(plan.services[0].rto).toEqual({
      targetSeconds: 300,
      expectedSeconds: 0,
      kept: false,
    });
    expect(plan.services[0].rpo.kept).toBe(false);
  });
});

describe('planWhatIf: dependencies', () => {
  it('names a dependency that runs only on lost clusters', () => {
    const plan = planOne(
      service(
        'checkout',
        [{ name: 'eu-1', replicas: 1 }],
        { resourceRequest: { cpu: '1' } },
        [
          {
            ref: 'component:default/payments-db',
            clusters: [{ name: 'eu-1' }, { name: 'eu-2' }],
          },
        ],
      ),
    );
    expect(plan.services[0]).toMatchObject({
      // Nothing is left to reach, so the replica still moves (to us-1, 4 free).
      outcome: 'moved',
      placementAfter: [{ name: 'us-1', replicas: 1 }],
      dependencies: {
        reachable: false,
        problems: [
          'component:default/payments-db runs only on lost clusters (eu-1, eu-2)',
        ],
      },
    });
    expect(plan.summary.atRisk).toBe(1);
  });

  it('moves replicas only where the surviving dependency is reachable', () => {
    // The cache runs on eu-1 (lost) and us-2: us-2 is the only survivor
    // beside it (us-1 shares no cluster set), though us-1 has more room.
    const plan = planOne(
      service(
        'checkout',
        [{ name: 'eu-1', replicas: 1 }],
        { resourceRequest: { cpu: '1' } },
        [
          {
            ref: 'component:default/cache',
            clusters: [{ name: 'eu-1' }, { name: 'us-2' }],
          },
        ],
      ),
    );
    expect(plan.services[0]).toMatchObject({
      outcome: 'moved',
      placementAfter: [{ name: 'us-2', replicas: 1 }],
      dependencies: { reachable: true, problems: [] },
    });
  });

  it('reports a dependency no survivor reaches', () => {
    const fleet = smallFleet().map(cluster =>
      cluster.name === 'eu-2'
        ? cluster
        : { ...cluster, clusterSets: [`set-${cluster.name}`] },
    );
    // The queue runs on eu-2 (lost) and on an unmanaged cluster in set-x,
    // a set no survivor joins.
    const plan = planOne(
      service(
        'worker',
        [{ name: 'eu-1', replicas: 1 }],
        { resourceRequest: { cpu: '1' } },
        [
          {
            ref: 'component:default/queue',
            clusters: [
              { name: 'eu-2' },
              { name: 'outside', clusterSets: ['set-x'] },
            ],
          },
        ],
      ),
      fleet,
    );
    expect(plan.services[0]).toMatchObject({
      outcome: 'unplaceable',
      dependencies: {
        reachable: false,
        problems: [
          'no surviving cluster reaches component:default/queue (runs on outside)',
        ],
      },
    });
    expect(plan.services[0].reason).toContain(
      "cannot reach the workload's dependencies",
    );
  });
});

describe('planWhatIf: survivors', () => {
  it('never places on an unhealthy survivor', () => {
    // 10 cores: only ap-1 (64 free) could take it, and it is unhealthy.
    const needsTen = service('batch', [{ name: 'eu-1', replicas: 1 }], {
      resourceRequest: { cpu: '10' },
    });
    expect(planOne(needsTen).services[0]).toMatchObject({
      outcome: 'unplaceable',
      placedReplicas: 0,
    });
    // The same cluster with unknown health (no observer saw it fail) takes it.
    const unknownHealth = smallFleet().map(cluster =>
      cluster.name === 'ap-1'
        ? { ...cluster, health: 'unknown' as const }
        : cluster,
    );
    expect(planOne(needsTen, unknownHealth).services[0]).toMatchObject({
      outcome: 'moved',
      placementAfter: [{ name: 'ap-1', replicas: 1 }],
    });
  });

  it("keeps the service's own placement constraints", () => {
    // Only clusters labelled tier=gold may run it: us-2 (1 core free).
    const fleet = smallFleet().map(cluster =>
      cluster.name === 'us-2'
        ? { ...cluster, labels: { tier: 'gold' } }
        : cluster,
    );
    const plan = planOne(
      service('payments', [{ name: 'eu-1', replicas: 2 }], {
        resourceRequest: { cpu: '1' },
        placement: {
          clusterAffinity: { labelSelector: { matchLabels: { tier: 'gold' } } },
        },
      }),
      fleet,
    );
    // us-2 holds 1 of the 2; us-1 (4 free) does not match.
    expect(plan.services[0]).toMatchObject({
      outcome: 'partial',
      placementAfter: [{ name: 'us-2', replicas: 1 }],
      shortfall: { resource: 'cpu', requested: '1', available: '0' },
    });
  });

  it('leaves unaffected services as they are, after the affected ones', () => {
    const plan = planOne(
      service('local', [{ name: 'us-1', replicas: 2 }], { tier: 0 }),
    );
    expect(plan.services[0]).toMatchObject({
      priority: 1,
      outcome: 'unaffected',
      lostReplicas: 0,
      sources: [],
      placementAfter: [{ name: 'us-1', replicas: 2 }],
    });
    expect(plan.summary).toMatchObject({ affected: 0, atRisk: 0 });
  });

  it('takes placed replicas from a reported availableReplicas', () => {
    const fleet = [
      member('eu-1', 'eu-west', 'aws', { cpu: 8, usedCpu: '0' }),
      member(
        'us-1',
        'us-east',
        'aws',
        { cpu: 8, usedCpu: '0' },
        { availableReplicas: 2 },
      ),
    ];
    const plan = planWhatIf({
      fleet,
      services: [
        service('a', [{ name: 'eu-1', replicas: 2 }], { tier: 0 }),
        service('b', [{ name: 'eu-1', replicas: 1 }], { tier: 1 }),
      ],
      loss: { clusters: ['eu-1'] },
    });
    // us-1 reports room for 2: a takes both, b finds 2 - 2 = 0.
    expect(plan.services.map(s => s.outcome)).toEqual(['moved', 'unplaceable']);
  });
});
