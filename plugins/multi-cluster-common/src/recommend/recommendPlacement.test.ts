import fc from 'fast-check';
import { fleetCluster, sampleFleet } from '../__fixtures__/fleet';
import { sharesClusterSet } from '../scheduling/filters/clusterSetReachability';
import { schedule } from '../scheduling/schedule';
import { recommendPlacement } from './recommendPlacement';
import type { PlacementScorer } from './types';

const prod = { 'flotilla.io/environment': 'prod' };

describe('recommendPlacement', () => {
  it('returns placements that schedule reproduces exactly', () => {
    const advice = recommendPlacement(
      {
        replicas: 7,
        resourceRequest: { cpu: '2', memory: '4Gi' },
        userRegions: ['eu-west', 'us-east'],
        minRegions: 2,
        requiredLabels: prod,
      },
      sampleFleet,
    );
    expect(advice.recommendations.length).toBeGreaterThan(0);
    for (const recommendation of advice.recommendations) {
      const replay = schedule({
        replicas: 7,
        placement: recommendation.placement,
        clusters: sampleFleet,
        replicaRequirements: { resourceRequest: { cpu: '2', memory: '4Gi' } },
      });
      expect(replay.targets).toEqual(recommendation.split);
      expect(recommendation.split.reduce((s, t) => s + t.replicas, 0)).toBe(7);
      expect(recommendation.regions.length).toBeGreaterThanOrEqual(2);
    }
    expect(advice.recommendations.map(r => r.rank)).toEqual(
      advice.recommendations.map((_, i) => i + 1),
    );
  });

  it('explains an excluded cluster in a few short reasons, however long the request lists are', () => {
    const many = (prefix: string, count: number) =>
      Array.from(
        { length: count },
        (_, i) => `${prefix}-${'x'.repeat(60)}-${i}`,
      );
    const advice = recommendPlacement(
      {
        replicas: 2,
        allowedJurisdictions: many('jurisdiction', 1_000),
        requiredCompliance: many('attestation', 1_000),
        requiredLabels: Object.fromEntries(
          Array.from({ length: 100 }, (_, i) => [
            `example.com/label-${i}`,
            'v',
          ]),
        ),
      },
      sampleFleet,
    );
    expect(advice.excluded.length).toBe(sampleFleet.length);
    for (const { reasons } of advice.excluded) {
      expect(reasons.join('; ').length).toBeLessThan(1_000);
    }
    const usAws = advice.excluded.find(e => e.cluster === 'us-aws')!;
    expect(usAws.reasons[0]).toMatch(
      /^jurisdiction us is not allowed \(allowed: jurisdiction-x+-0, jurisdiction-x+-1, jurisdiction-x+-2 and 997 more\)$/,
    );
    expect(usAws.reasons[1]).toMatch(
      /^lacks compliance attestations attestation-x+-0, .* and 997 more$/,
    );
  });

  it('explains every excluded cluster', () => {
    const advice = recommendPlacement(
      {
        replicas: 2,
        allowedJurisdictions: ['eu'],
        requiredLabels: prod,
        requiredCompliance: ['pci-dss'],
      },
      sampleFleet,
    );
    const reasons = Object.fromEntries(
      advice.excluded.map(e => [e.cluster, e.reasons]),
    );
    expect(reasons['us-aws']).toEqual([
      'jurisdiction us is not allowed (allowed: eu)',
      'lacks compliance attestation pci-dss',
    ]);
    expect(reasons['eu-staging']).toContain(
      'label flotilla.io/environment is staging, required prod',
    );
    expect(reasons['us-gpu']).toContain(
      'untolerated taint flotilla.io/dedicated=gpu:NoSchedule',
    );
    expect(advice.recommendations[0].clusters).toEqual(['eu-gcp']);
  });

  it('keeps data in the allowed jurisdictions', () => {
    const advice = recommendPlacement(
      { replicas: 10, allowedJurisdictions: ['eu'], minRegions: 1 },
      sampleFleet,
    );
    for (const r of advice.recommendations) {
      expect(
        r.clusters.every(c => ['eu-aws', 'eu-gcp', 'eu-staging'].includes(c)),
      ).toBe(true);
    }
  });

  it('sends GPU work to GPU clusters when the taint is tolerated', () => {
    const advice = recommendPlacement(
      {
        replicas: 4,
        resourceRequest: { cpu: '4', 'nvidia.com/gpu': '1' },
        tolerations: [
          {
            key: 'flotilla.io/dedicated',
            operator: 'Equal',
            value: 'gpu',
            effect: 'NoSchedule',
          },
        ],
      },
      sampleFleet,
    );
    expect(advice.recommendations[0].split).toEqual([
      { name: 'us-gpu', replicas: 4 },
    ]);
    expect(advice.recommendations[0].placement.clusterTolerations).toHaveLength(
      1,
    );
    const cpuOnly = advice.excluded.find(e => e.cluster === 'eu-aws');
    expect(cpuOnly?.reasons).toEqual([
      'no capacity for one more replica (each needs cpu 4, nvidia.com/gpu 1)',
    ]);
  });

  it('keeps CPU-only work off GPU clusters when others fit', () => {
    const advice = recommendPlacement(
      {
        replicas: 2,
        tolerations: [{ operator: 'Exists' }],
        requiredLabels: prod,
      },
      sampleFleet,
      { scorers: [] },
    );
    expect(advice.recommendations.length).toBeGreaterThan(0);
    const gpuFirst = recommendPlacement(
      {
        replicas: 2,
        tolerations: [{ operator: 'Exists' }],
        requiredLabels: prod,
      },
      sampleFleet,
    );
    expect(gpuFirst.recommendations[0].clusters).not.toContain('us-gpu');
  });

  it('prefers low latency to the users', () => {
    const advice = recommendPlacement(
      { replicas: 2, userRegions: ['ap-southeast'], requiredLabels: prod },
      sampleFleet,
    );
    expect(advice.recommendations[0].clusters).toEqual(['ap-gcp']);
    expect(advice.recommendations[0].score.byObjective.latency).toBe(100);
  });

  it('rejects candidates above the cost ceiling and says why', () => {
    const requirements = {
      replicas: 10,
      resourceRequest: { cpu: '1' },
      requiredLabels: prod,
    };
    const affordable = recommendPlacement(
      { ...requirements, maxCostPerHour: 0.35 },
      sampleFleet,
    );
    expect(affordable.recommendations[0].clusters).toEqual(['us-aws']);
    expect(affordable.recommendations[0].costPerHour).toBeCloseTo(0.3);

    const tooCheap = recommendPlacement(
      { ...requirements, maxCostPerHour: 0.25 },
      sampleFleet,
    );
    expect(tooCheap.recommendations).toEqual([]);
    expect(tooCheap.rejected).toContainEqual({
      clusters: ['us-aws'],
      reason: 'costs 0.30/h, above the ceiling of 0.25/h',
    });
  });

  it('says when the fleet cannot meet the availability requirement', () => {
    const advice = recommendPlacement(
      { replicas: 3, minRegions: 4 },
      sampleFleet,
    );
    expect(advice.recommendations).toEqual([]);
    expect(advice.rejected[0].reason).toBe(
      'only 3 eligible region(s), 4 required',
    );
  });

  it('spreads over enough zones', () => {
    const advice = recommendPlacement(
      {
        replicas: 4,
        minZones: 4,
        requiredLabels: prod,
        allowedJurisdictions: ['eu', 'us'],
      },
      sampleFleet,
    );
    for (const r of advice.recommendations) {
      expect(r.zones.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('lets adopters add their own objective', () => {
    const preferGcp: PlacementScorer = {
      id: 'prefer-gcp',
      weight: 100,
      score: cluster => (cluster.provider === 'gcp' ? 100 : 0),
      explain: cluster => `provider ${cluster.provider}`,
    };
    const advice = recommendPlacement(
      { replicas: 2, requiredLabels: prod },
      sampleFleet,
      { additionalScorers: [preferGcp] },
    );
    expect(
      advice.recommendations[0].clusters.every(c => c.endsWith('gcp')),
    ).toBe(true);
    expect(advice.recommendations[0].score.byObjective['prefer-gcp']).toBe(100);
    expect(
      advice.recommendations[0].explanation[0].reasons.join(' '),
    ).toContain('provider gcp');
  });

  it.each([
    [{ cpu: 'abc' }, 'resourceRequest.cpu: quantities must match'],
    [{ cpu: '-1' }, 'resourceRequest.cpu: must be greater than or equal to 0'],
    [{ cpu: '1e10000000' }, 'resourceRequest.cpu: quantity exponents must be'],
    [
      JSON.parse('{"__proto__":"1"}'),
      "resourceRequest.__proto__: '__proto__' is reserved",
    ],
  ])(
    'rejects the request %p with a QuantityError naming the field',
    (resourceRequest, message) => {
      expect(() =>
        recommendPlacement({ replicas: 3, resourceRequest }, sampleFleet),
      ).toThrow(expect.objectContaining({ name: 'QuantityError' }));
      expect(() =>
        recommendPlacement({ replicas: 3, resourceRequest }, sampleFleet),
      ).toThrow(message);
    },
  );

  it('advises around clusters that report garbage quantities', () => {
    const garbage = fleetCluster('garbage', {
      region: 'eu-west',
      resourceSummary: {
        allocatable: {
          cpu: 'Infinity',
          memory: '1e999999999Ki',
          pods: '110',
          'nvidia.com/gpu': 'abc',
        },
        allocated: { 'nvidia.com/gpu': '0x10' },
      },
    });
    const requests: Record<string, string>[] = [
      { cpu: '1' },
      { 'nvidia.com/gpu': '1' },
    ];
    for (const resourceRequest of requests) {
      const advice = recommendPlacement({ replicas: 2, resourceRequest }, [
        ...sampleFleet,
        garbage,
      ]);
      expect(advice.excluded).toContainEqual({
        cluster: 'garbage',
        reasons: [expect.stringContaining('no capacity for one more replica')],
      });
    }
  });

  it('rejects a non-positive replica count', () => {
    expect(() => recommendPlacement({ replicas: 0 }, sampleFleet)).toThrow(
      'replicas must be a positive whole number, got 0',
    );
  });

  it('always places every replica or says why not (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cpu: fc.integer({ min: 0, max: 16 }),
            region: fc.constantFrom('a', 'b', 'c'),
            cost: fc.double({ min: 0.01, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        (specs, replicas, minRegions) => {
          const fleet = specs.map((s, i) =>
            fleetCluster(`c${i}`, {
              cpu: s.cpu,
              region: s.region,
              costPerCpuHour: s.cost,
            }),
          );
          const advice = recommendPlacement(
            { replicas, resourceRequest: { cpu: '1' }, minRegions },
            fleet,
          );
          for (const r of advice.recommendations) {
            expect(r.split.reduce((s, t) => s + t.replicas, 0)).toBe(replicas);
            expect(new Set(r.regions).size).toBeGreaterThanOrEqual(minRegions);
          }
          // An empty answer always comes with its reasons.
          expect(
            advice.recommendations.length +
              advice.rejected.length +
              advice.excluded.length,
          ).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  describe('reachability of dependencies', () => {
    const setsByCluster: Record<string, string[]> = {
      'eu-aws': ['mesh-eu'],
      'eu-gcp': ['mesh-eu'],
      'eu-staging': ['mesh-eu'],
      'us-aws': ['mesh-us', 'mcs-global'],
    };
    const meshed = sampleFleet.map(cluster => ({
      ...cluster,
      clusterSets: setsByCluster[cluster.name],
    }));
    const paymentsDb = {
      ref: 'component:default/payments-db',
      clusters: [{ name: 'eu-aws', clusterSets: ['mesh-eu'] }],
    };

    it('excludes an unreachable cluster with the reason and never recommends it', () => {
      const advice = recommendPlacement(
        {
          replicas: 6,
          requiredLabels: prod,
          userRegions: ['us-east', 'ap-southeast'],
          reachability: { dependencies: [paymentsDb] },
        },
        meshed,
      );
      const reasons = Object.fromEntries(
        advice.excluded.map(e => [e.cluster, e.reasons]),
      );
      expect(reasons['us-aws']).toEqual([
        'shares no cluster set with component:default/payments-db (runs on eu-aws)',
      ]);
      expect(reasons['ap-gcp']).toEqual([
        'shares no cluster set with component:default/payments-db (runs on eu-aws)',
      ]);
      expect(advice.recommendations.length).toBeGreaterThan(0);
      for (const r of advice.recommendations) {
        expect(r.clusters.every(c => c === 'eu-aws' || c === 'eu-gcp')).toBe(
          true,
        );
        // The scheduler, given the same requirement, reproduces the split.
        const replay = schedule({
          replicas: 6,
          placement: r.placement,
          clusters: meshed,
          reachability: { dependencies: [paymentsDb] },
        });
        expect(replay.targets).toEqual(r.split);
      }
      // Without the requirement the users' regions pull replicas elsewhere.
      const unconstrained = recommendPlacement(
        {
          replicas: 6,
          requiredLabels: prod,
          userRegions: ['us-east', 'ap-southeast'],
        },
        meshed,
      );
      expect(
        unconstrained.recommendations.some(r =>
          r.clusters.some(c => c === 'us-aws' || c === 'ap-gcp'),
        ),
      ).toBe(true);
    });

    it('says why nothing fits when no cluster can reach', () => {
      const advice = recommendPlacement(
        {
          replicas: 2,
          reachability: {
            dependencies: [
              {
                ref: 'component:default/mainframe',
                clusters: [{ name: 'on-prem', clusterSets: ['dc-1'] }],
              },
            ],
          },
        },
        meshed,
      );
      expect(advice.recommendations).toEqual([]);
      expect(advice.excluded.map(e => e.cluster).sort()).toEqual(
        meshed.map(c => c.name).sort(),
      );
      expect(advice.rejected[0].reason).toBe(
        'only 0 eligible region(s), 1 required',
      );
    });

    it('rejects a malformed requirement', () => {
      expect(() =>
        recommendPlacement(
          {
            replicas: 1,
            reachability: {
              dependencies: [{ ref: '', clusters: [{ name: 'eu-aws' }] }],
            },
          },
          meshed,
        ),
      ).toThrow(
        'reachability.dependencies.0.ref: dependency ref must not be empty',
      );
    });

    it('recommends only clusters that reach every dependency with clusters (property)', () => {
      const sets = ['s1', 's2', 's3'];
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              region: fc.constantFrom('a', 'b', 'c'),
              sets: fc.subarray(sets),
            }),
            { minLength: 1, maxLength: 8 },
          ),
          fc.array(
            fc.array(
              fc.record({
                name: fc.constantFrom('d0', 'd1', 'c0'),
                sets: fc.subarray(sets),
              }),
              {
                maxLength: 2,
              },
            ),
            { minLength: 1, maxLength: 3 },
          ),
          fc.integer({ min: 1, max: 20 }),
          (specs, dependencySpecs, replicas) => {
            const fleet = specs.map((spec, i) =>
              fleetCluster(`c${i}`, {
                cpu: 8,
                region: spec.region,
                clusterSets: spec.sets,
              }),
            );
            const dependencies = dependencySpecs.map((clusters, i) => ({
              ref: `component:default/dep-${i}`,
              clusters: clusters.map(c => ({
                name: c.name,
                clusterSets: c.sets,
              })),
            }));
            const advice = recommendPlacement(
              {
                replicas,
                resourceRequest: { cpu: '1' },
                reachability: { dependencies },
              },
              fleet,
            );
            const byName = new Map(fleet.map(c => [c.name, c]));
            for (const r of advice.recommendations) {
              for (const name of r.clusters) {
                for (const dependency of dependencies) {
                  expect(
                    dependency.clusters.length === 0 ||
                      dependency.clusters.some(
                        d =>
                          d.name === name ||
                          sharesClusterSet(
                            byName.get(name)!.clusterSets,
                            d.clusterSets,
                          ),
                      ),
                  ).toBe(true);
                }
              }
            }
            expect(
              advice.recommendations.length +
                advice.rejected.length +
                advice.excluded.length,
            ).toBeGreaterThan(0);
          },
        ),
        { numRuns: 200 },
      );
    });
  });
});
