import { fleetCluster } from '../__fixtures__/fleet';
import { comparePlacements, placementFootprint } from './footprint';

const fleet = [
  fleetCluster('eu', {
    region: 'eu-west',
    costPerCpuHour: 0.05,
    latencyMs: { 'us-east': 80 },
    availableReplicas: 10,
  }),
  fleetCluster('us', {
    region: 'us-east',
    costPerCpuHour: 0.03,
    latencyMs: { 'eu-west': 90 },
    availableReplicas: 4,
  }),
  fleetCluster('ap', { region: 'ap-southeast', availableReplicas: 7 }),
];

const requirements = {
  replicas: 4,
  resourceRequest: { cpu: '500m' },
  userRegions: ['eu-west', 'us-east'],
};

describe('placementFootprint', () => {
  it('adds up cost, weighs latency by replicas and sums headroom', () => {
    // Cost: 3 x 0.5 x 0.05 + 1 x 0.5 x 0.03 = 0.075 + 0.015 = 0.09.
    // Latency: eu's mean (0 + 80) / 2 = 40, us's (90 + 0) / 2 = 45;
    // by replicas (3 x 40 + 1 x 45) / 4 = 41.25, to one decimal 41.3.
    // Headroom: 10 + 4.
    expect(
      placementFootprint(
        [
          { name: 'eu', replicas: 3 },
          { name: 'us', replicas: 1 },
        ],
        fleet,
        requirements,
      ),
    ).toEqual({
      clusters: [
        { name: 'eu', replicas: 3 },
        { name: 'us', replicas: 1 },
      ],
      regions: ['eu-west', 'us-east'],
      costPerHour: 0.09,
      meanLatencyMs: 41.3,
      headroomReplicas: 14,
    });
  });

  it('leaves out cost and latency when a chosen cluster lacks them', () => {
    expect(
      placementFootprint(
        [
          { name: 'eu', replicas: 2 },
          { name: 'ap', replicas: 2 },
        ],
        fleet,
        requirements,
      ),
    ).toEqual({
      clusters: [
        { name: 'eu', replicas: 2 },
        { name: 'ap', replicas: 2 },
      ],
      regions: ['ap-southeast', 'eu-west'],
      headroomReplicas: 17,
    });
  });

  it('knows no cost without a CPU request and no headroom on a cluster gone from the fleet', () => {
    expect(
      placementFootprint([{ name: 'gone', replicas: 2 }], fleet, {
        replicas: 2,
      }),
    ).toEqual({ clusters: [{ name: 'gone', replicas: 2 }], regions: [] });
  });
});

describe('comparePlacements', () => {
  it('gives each recommendation minus the current placement', () => {
    // Current: 4 on eu: cost 4 x 0.5 x 0.05 = 0.1, latency 40, headroom 10.
    const current = placementFootprint(
      [{ name: 'eu', replicas: 4 }],
      fleet,
      requirements,
    );
    // All on us: cost 4 x 0.5 x 0.03 = 0.06, latency 45, headroom 4.
    expect(
      comparePlacements(
        current,
        [
          { rank: 1, split: [{ name: 'us', replicas: 4 }] },
          { rank: 2, split: [{ name: 'ap', replicas: 4 }] },
        ],
        fleet,
        requirements,
      ),
    ).toEqual([
      {
        rank: 1,
        footprint: {
          clusters: [{ name: 'us', replicas: 4 }],
          regions: ['us-east'],
          costPerHour: 0.06,
          meanLatencyMs: 45,
          headroomReplicas: 4,
        },
        delta: { costPerHour: -0.04, meanLatencyMs: 5, headroomReplicas: -6 },
      },
      {
        rank: 2,
        footprint: {
          clusters: [{ name: 'ap', replicas: 4 }],
          regions: ['ap-southeast'],
          headroomReplicas: 7,
        },
        delta: { headroomReplicas: -3 },
      },
    ]);
  });
});
