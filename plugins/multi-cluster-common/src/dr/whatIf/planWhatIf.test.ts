import { member, service, smallFleet } from './__fixtures__/whatIfFleet';
import { planWhatIf } from './planWhatIf';
import type { WhatIfServiceInput } from './types';

const loseEuWest = { regions: ['eu-west'] };
const cpu = (cores: string) => ({ resourceRequest: { cpu: cores } });

function resultOf(services: WhatIfServiceInput[], name: string) {
  const plan = planWhatIf({ fleet: smallFleet(), services, loss: loseEuWest });
  const found = plan.services.find(
    s => s.entityRef === `component:default/${name}`,
  );
  if (!found) throw new Error(`${name} is not in the plan`);
  return found;
}

describe('planWhatIf: priority and capacity', () => {
  // Survivors: us-1 with 4 cores free, us-2 with 1 (ap-1 is unhealthy).
  const checkout = (tier: number) =>
    service('checkout', [{ name: 'eu-1', replicas: 3 }], { tier, ...cpu('1') });
  const search = (tier: number) =>
    service('search', [{ name: 'eu-2', replicas: 3 }], { tier, ...cpu('1') });

  it('gives scarce capacity to the higher priority and books it before the next', () => {
    const plan = planWhatIf({
      fleet: smallFleet(),
      services: [search(1), checkout(0)],
      loss: loseEuWest,
    });
    const [first, second] = plan.services;
    // checkout (tier 0) first: 3 x 1 core fit on us-1 alone (4 free; the
    // fewest clusters that hold them).
    expect(first).toMatchObject({
      entityRef: 'component:default/checkout',
      priority: 1,
      outcome: 'moved',
      lostReplicas: 3,
      placedReplicas: 3,
      sources: [
        { from: 'eu-1', replicas: 3, targets: [{ name: 'us-1', replicas: 3 }] },
      ],
      placementAfter: [{ name: 'us-1', replicas: 3 }],
    });
    // search sees us-1 with 4 - 3 = 1 core and us-2 with 1: 2 of 3 fit.
    expect(second).toMatchObject({
      entityRef: 'component:default/search',
      priority: 2,
      outcome: 'partial',
      lostReplicas: 3,
      placedReplicas: 2,
      sources: [
        {
          from: 'eu-2',
          replicas: 3,
          targets: [
            { name: 'us-1', replicas: 1 },
            { name: 'us-2', replicas: 1 },
          ],
        },
      ],
      shortfall: {
        resource: 'cpu',
        requested: '1',
        available: '0',
        replicasUnplaced: 1,
      },
      reason:
        '1 of 3 lost replica(s) find no place: cpu 1 requested, 0 free on the best survivor',
    });
  });

  it('changes hands when the priorities do', () => {
    const plan = planWhatIf({
      fleet: smallFleet(),
      services: [search(0), checkout(1)],
      loss: loseEuWest,
    });
    expect(
      plan.services.map(s => [s.entityRef, s.outcome, s.placedReplicas]),
    ).toEqual([
      ['component:default/search', 'moved', 3],
      ['component:default/checkout', 'partial', 2],
    ]);
  });

  it('reports headroom per cluster and region after the placements', () => {
    const plan = planWhatIf({
      fleet: smallFleet(),
      services: [search(1), checkout(0)],
      loss: loseEuWest,
    });
    const byName = new Map(plan.clusters.map(c => [c.name, c]));
    // us-1: 4 cores used + 3 (checkout) + 1 (search) = 8000m.
    expect(byName.get('us-1')?.cpu).toEqual({
      allocatable: 8000,
      usedBefore: 4000,
      usedAfter: 8000,
    });
    // Memory is untouched: the services request cpu only (16Gi used).
    expect(byName.get('us-1')?.memory.usedAfter).toBe(16 * 2 ** 30);
    // A lost cluster uses nothing after.
    expect(byName.get('eu-1')).toMatchObject({
      lost: true,
      region: 'eu-west',
      provider: 'aws',
      cpu: { allocatable: 8000, usedBefore: 2000, usedAfter: 0 },
    });
    const regions = new Map(plan.regions.map(r => [r.region, r]));
    // eu-west: 2 x 8 cores, 2 x 2 used before, nothing after.
    expect(regions.get('eu-west')).toMatchObject({
      clusters: 2,
      lostClusters: 2,
      cpu: { allocatable: 16000, usedBefore: 4000, usedAfter: 0 },
    });
    // us-east: 8 + 4 cores; 4 + 3 used before; 8 + 4 after (full).
    expect(regions.get('us-east')).toMatchObject({
      clusters: 2,
      lostClusters: 0,
      cpu: { allocatable: 12000, usedBefore: 7000, usedAfter: 12000 },
    });
    expect(plan.lostClusters).toEqual(['eu-1', 'eu-2']);
    // Both affected; search is partial, so at risk.
    expect(plan.summary).toEqual({
      services: 2,
      affected: 2,
      moved: 1,
      partial: 1,
      unplaceable: 0,
      atRisk: 1,
    });
  });

  it('names the scarcest resource in human quantities', () => {
    const fleet = [
      member('eu-1', 'eu-west', 'aws', { cpu: 8, usedCpu: '0' }),
      // 4 - 3250m = 750m free; 32Gi free.
      member('us-1', 'us-east', 'aws', { cpu: 4, usedCpu: '3250m' }),
    ];
    const plan = planWhatIf({
      fleet,
      services: [
        service('ledger', [{ name: 'eu-1', replicas: 2 }], {
          resourceRequest: { cpu: '2', memory: '1Gi' },
        }),
      ],
      loss: { clusters: ['eu-1'] },
    });
    // cpu allows 750m / 2 = 0 replicas, memory 32Gi / 1Gi = 32: cpu is scarcest.
    expect(plan.services[0]).toMatchObject({
      outcome: 'unplaceable',
      placedReplicas: 0,
      shortfall: {
        resource: 'cpu',
        requested: '2',
        available: '750m',
        replicasUnplaced: 2,
      },
      reason:
        '2 of 2 lost replica(s) find no place: cpu 2 requested, 750m free on the best survivor',
    });
  });

  it('places the replicas of each lost cluster in name order', () => {
    const result = resultOf(
      [
        service(
          'web',
          [
            { name: 'eu-2', replicas: 1 },
            { name: 'eu-1', replicas: 2 },
            { name: 'us-2', replicas: 1 },
          ],
          cpu('1'),
        ),
      ],
      'web',
    );
    // eu-1 first: 2 on us-1 (4 free); then eu-2: 1 on us-1 (2 free, more than us-2's 1).
    expect(result.sources).toEqual([
      { from: 'eu-1', replicas: 2, targets: [{ name: 'us-1', replicas: 2 }] },
      { from: 'eu-2', replicas: 1, targets: [{ name: 'us-1', replicas: 1 }] },
    ]);
    // 1 stayed on us-2, 3 arrive on us-1.
    expect(result.placementAfter).toEqual([
      { name: 'us-1', replicas: 3 },
      { name: 'us-2', replicas: 1 },
    ]);
  });
});

describe('planWhatIf: an active-passive service', () => {
  it('moves to its standby although its declared cluster names list only the primary', () => {
    const ledger = service('ledger', [{ name: 'eu-1', replicas: 2 }], {
      strategy: 'active-passive-warm',
      primaryCluster: 'eu-1',
      standbyCluster: 'us-2',
      placement: { clusterAffinity: { clusterNames: ['eu-1'] } },
      ...cpu('500m'),
    });
    // us-2 has 1 core free: 2 x 500m fit there, and only there (us-1 is
    // not among the service's clusters).
    expect(resultOf([ledger], 'ledger')).toMatchObject({
      outcome: 'moved',
      sources: [
        { from: 'eu-1', replicas: 2, targets: [{ name: 'us-2', replicas: 2 }] },
      ],
    });
  });
});
