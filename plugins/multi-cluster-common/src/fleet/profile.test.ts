import fc from 'fast-check';
import type { FleetCluster } from '../api/fleet';
import type { VirtualNode } from '../connectivity/types';
import { estimateAvailableReplicas } from '../scheduling/estimator';
import { parseQuantity } from '../quantity';
import type { ResourceList } from '../scheduling/types';
import {
  addResourceLists,
  borrowedFromOutsideFleet,
  capacityProblems,
  effectiveAllocatable,
  toClusterProfile,
} from './profile';

function inventoryCluster(
  name: string,
  capacity: FleetCluster['capacity'],
  rest: Partial<FleetCluster> = {},
): FleetCluster {
  return {
    name,
    source: 'config',
    sources: [{ type: 'config', id: 'config' }],
    labels: {},
    capacity,
    health: { status: 'healthy', via: 'readyz' },
    stale: false,
    refreshedAt: '2026-01-01T00:00:00Z',
    ...rest,
  };
}

function liqoNode(
  peer: string,
  allocatable: ResourceList,
  peerCluster?: string,
): VirtualNode {
  return {
    name: `liqo-${peer}`,
    kind: 'liqo',
    peer,
    ...(peerCluster ? { peerCluster } : {}),
    allocatable,
    ready: true,
  };
}

/** Exact total of one resource over profiles, in nanos. */
function totalNanos(lists: (ResourceList | undefined)[], resource: string) {
  return lists.reduce(
    (sum, list) =>
      sum + (list?.[resource] ? parseQuantity(list[resource]).nanos : 0n),
    0n,
  );
}

describe('addResourceLists', () => {
  it('adds quantities exactly, keeping binary suffixes readable', () => {
    expect(
      addResourceLists([
        { cpu: '500m', memory: '128Gi', pods: '110' },
        { cpu: '2', memory: '16Gi', 'nvidia.com/gpu': '1' },
        { cpu: '250m', memory: '512Mi' },
      ]),
    ).toEqual({
      cpu: '2750m',
      memory: '147968Mi',
      pods: '110',
      'nvidia.com/gpu': '1',
    });
    expect(addResourceLists([{ memory: '1Gi' }, { memory: '1' }])).toEqual({
      memory: '1073741825',
    });
    expect(addResourceLists([{ cpu: '1.5' }, { cpu: '1.5' }])).toEqual({
      cpu: '3',
    });
  });

  it('names the list holding an invalid quantity', () => {
    expect(() =>
      addResourceLists([{ cpu: '1' }, { cpu: 'lots' }], i => `node ${i}`),
    ).toThrow("node 1: cpu 'lots' is not a quantity");
  });

  it('sums to the exact total (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            milli: fc.integer({ min: 0, max: 10_000_000 }),
            mebi: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { maxLength: 6 },
        ),
        parts => {
          const sum = addResourceLists(
            parts.map(p => ({ cpu: `${p.milli}m`, memory: `${p.mebi}Mi` })),
          );
          const cpu = parts.reduce((s, p) => s + BigInt(p.milli), 0n);
          const memory = parts.reduce((s, p) => s + BigInt(p.mebi), 0n);
          expect(parseQuantity(sum.cpu ?? '0').nanos).toBe(cpu * 1_000_000n);
          expect(parseQuantity(sum.memory ?? '0').nanos).toBe(
            memory * (1n << 20n) * 1_000_000_000n,
          );
        },
      ),
    );
  });
});

describe('toClusterProfile', () => {
  it('carries the cluster sets from connectivity', () => {
    const cluster = inventoryCluster(
      'eu-1',
      { allocatable: { cpu: '8', pods: '110' } },
      {
        connectivity: {
          clusterSets: ['mesh-eu', 'mcs-global'],
          fabrics: [],
        },
      },
    );
    expect(toClusterProfile(cluster).clusterSets).toEqual([
      'mesh-eu',
      'mcs-global',
    ]);
    expect(
      toClusterProfile(inventoryCluster('bare', {})).clusterSets,
    ).toBeUndefined();
  });

  it('adds capacity borrowed from a peer outside the fleet', () => {
    const cluster = inventoryCluster('edge', {
      allocatable: { cpu: '4', memory: '16Gi', pods: '110' },
      allocated: { cpu: '1', memory: '2Gi', pods: '10' },
      virtualNodes: [
        liqoNode('partner-cloud', { cpu: '8', memory: '32Gi', pods: '110' }),
      ],
    });
    const profile = toClusterProfile(cluster);
    expect(profile.resourceSummary).toEqual({
      allocatable: { cpu: '12', memory: '48Gi', pods: '220' },
      allocated: { cpu: '1', memory: '2Gi', pods: '10' },
      allocating: undefined,
    });
    // The estimator now sees room for the borrowed replicas too.
    expect(
      estimateAvailableReplicas(profile, { resourceRequest: { cpu: '1' } }),
    ).toBe(11);
    // The inventory record itself is untouched.
    expect(cluster.capacity.allocatable).toEqual({
      cpu: '4',
      memory: '16Gi',
      pods: '110',
    });
  });

  it('does not add a virtual node whose peer is in the fleet, nor a NotReady one', () => {
    const cluster = inventoryCluster('a', {
      allocatable: { cpu: '4', pods: '110' },
      virtualNodes: [
        liqoNode('b-cluster-id', { cpu: '16', pods: '110' }, 'b'),
        { ...liqoNode('gone', { cpu: '16', pods: '110' }), ready: false },
      ],
    });
    expect(toClusterProfile(cluster).resourceSummary?.allocatable).toEqual({
      cpu: '4',
      pods: '110',
    });
    expect(borrowedFromOutsideFleet(cluster)).toEqual([]);
  });

  it('uses borrowed capacity alone when the cluster reports none of its own', () => {
    const cluster = inventoryCluster('virtual-only', {
      virtualNodes: [
        {
          name: 'admiralty-target-1',
          kind: 'admiralty',
          peer: 'target-1',
          allocatable: { cpu: '2', pods: '20' },
        },
      ],
    });
    expect(effectiveAllocatable(cluster)).toEqual({ cpu: '2', pods: '20' });
  });

  it('leaves an invalid quantity out and names it as a capacity problem', () => {
    const cluster = inventoryCluster('edge', {
      allocatable: { cpu: '4', memory: '1e999999999Ki' },
      virtualNodes: [liqoNode('partner', { cpu: 'x', memory: '2Gi' })],
    });
    const profile = toClusterProfile(cluster);
    expect(profile.resourceSummary?.allocatable).toEqual({
      cpu: '4',
      memory: '2Gi',
    });
    expect(profile.capacityProblems).toEqual([
      expect.stringMatching(
        /^cluster edge allocatable: memory '1e999999999Ki' is not a quantity: quantities must match/,
      ),
      expect.stringMatching(
        /^cluster edge virtual node liqo-partner: cpu 'x' is not a quantity: quantities must match/,
      ),
    ]);
  });

  it('reports no capacity problems for a clean cluster', () => {
    const cluster = inventoryCluster('clean', { allocatable: { cpu: '4' } });
    expect(toClusterProfile(cluster).capacityProblems).toBeUndefined();
    expect(capacityProblems(cluster)).toEqual([]);
  });

  it('counts borrowed capacity once across the fleet', () => {
    // a borrows b's capacity through Liqo; b is in the fleet.
    const a = inventoryCluster('a', {
      allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
      virtualNodes: [
        liqoNode('b-id', { cpu: '16', memory: '64Gi', pods: '110' }, 'b'),
      ],
    });
    const b = inventoryCluster('b', {
      allocatable: { cpu: '16', memory: '64Gi', pods: '110' },
    });
    const profiles = [a, b].map(toClusterProfile);
    const allocatable = profiles.map(p => p.resourceSummary?.allocatable);
    expect(totalNanos(allocatable, 'cpu')).toBe(24n * 1_000_000_000n);
    expect(totalNanos(allocatable, 'memory')).toBe(
      96n * (1n << 30n) * 1_000_000_000n,
    );
    expect(totalNanos(allocatable, 'pods')).toBe(220n * 1_000_000_000n);
  });

  it('fleet capacity is own nodes plus outside peers only (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ownMilli: fc.integer({ min: 0, max: 64_000 }),
            borrowed: fc.array(
              fc.record({
                milli: fc.integer({ min: 0, max: 32_000 }),
                peerIndex: fc.option(fc.nat(), { nil: undefined }),
                ready: fc.boolean(),
              }),
              { maxLength: 3 },
            ),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        specs => {
          const fleet = specs.map((spec, index) =>
            inventoryCluster(`c${index}`, {
              allocatable: { cpu: `${spec.ownMilli}m` },
              virtualNodes: spec.borrowed.map((node, n) => ({
                name: `vk-${index}-${n}`,
                kind: 'admiralty' as const,
                peer: `peer-${n}`,
                peerCluster:
                  node.peerIndex === undefined
                    ? undefined
                    : `c${node.peerIndex % specs.length}`,
                allocatable: { cpu: `${node.milli}m` },
                ready: node.ready,
              })),
            }),
          );
          const outside = specs
            .flatMap(spec => spec.borrowed)
            .filter(node => node.peerIndex === undefined && node.ready)
            .reduce((sum, node) => sum + BigInt(node.milli), 0n);
          const own = specs.reduce((sum, s) => sum + BigInt(s.ownMilli), 0n);
          const counted = totalNanos(
            fleet.map(c => toClusterProfile(c).resourceSummary?.allocatable),
            'cpu',
          );
          expect(counted).toBe((own + outside) * 1_000_000n);
        },
      ),
      { numRuns: 200 },
    );
  });
});
