import type { FleetInventoryService } from '../inventory/FleetInventory';
import { type FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { PlacementSimulator } from './PlacementSimulator';

function cluster(name: string, controlPlane?: string): FleetCluster {
  return {
    name,
    source: controlPlane ? 'karmada' : 'config',
    sources: [],
    labels: { environment: 'prod' },
    capacity: { allocatable: { cpu: '8', memory: '32Gi', pods: '110' } },
    health: { status: 'healthy', via: controlPlane ? 'karmada' : 'readyz' },
    karmada: controlPlane ? { controlPlane } : undefined,
    stale: false,
    refreshedAt: new Date(0).toISOString(),
  };
}

const fleet = [
  cluster('karmada-member-a', 'karmada-eu'),
  cluster('karmada-member-b', 'karmada-eu'),
  cluster('other-karmada-member', 'karmada-us'),
  cluster('plain-cluster'),
];

const simulator = new PlacementSimulator({
  getClusters: async () => fleet,
} as unknown as FleetInventoryService);

const duplicated = {
  replicas: 2,
  placement: {
    clusterAffinity: {
      labelSelector: { matchLabels: { environment: 'prod' } },
    },
    replicaScheduling: { replicaSchedulingType: 'Duplicated' as const },
  },
};

describe('PlacementSimulator', () => {
  it('schedules on the whole live fleet without a control plane', async () => {
    const result = await simulator.simulate(duplicated);
    expect(result.targets.map(t => t.name)).toEqual([
      'karmada-member-a',
      'karmada-member-b',
      'other-karmada-member',
      'plain-cluster',
    ]);
  });

  it("schedules only on a Karmada control plane's members, as a PropagationPolicy there would", async () => {
    const result = await simulator.simulate({
      ...duplicated,
      controlPlane: 'karmada-eu',
    });
    expect(result.clusterCount).toBe(2);
    expect(result.targets).toEqual([
      { name: 'karmada-member-a', replicas: 2 },
      { name: 'karmada-member-b', replicas: 2 },
    ]);
  });

  it('keeps the caller predicate within the control plane', async () => {
    const result = await simulator.simulate(
      { ...duplicated, controlPlane: 'karmada-eu' },
      c => c.name !== 'karmada-member-b',
    );
    expect(result.targets.map(t => t.name)).toEqual(['karmada-member-a']);
  });

  it('reproduces the release the request names, else its control plane’s, else the first one’s', () => {
    const configured = new PlacementSimulator(
      { getClusters: async () => fleet } as unknown as FleetInventoryService,
      undefined,
      [{ name: 'karmada-eu', version: 'v1.16.8' }, { name: 'karmada-us' }],
    );
    expect(configured.karmadaVersionFor({ karmadaVersion: 'v1.17.5' })).toBe(
      'v1.17.5',
    );
    expect(configured.karmadaVersionFor({})).toBe('v1.16.8');
    expect(
      configured.karmadaVersionFor({ controlPlane: 'karmada-us' }),
    ).toBeUndefined();
    expect(configured.karmadaVersionFor({ controlPlane: 'unknown' })).toBe(
      'v1.16.8',
    );
    expect(simulator.karmadaVersionFor({})).toBeUndefined();
  });
});
