import fc from 'fast-check';
import { parseQuantity } from '../quantity';
import type { FleetCluster } from '../api/fleet';
import {
  borrowedCapacityReport,
  resolveVirtualNodePeers,
  VirtualNodePeerIndex,
} from './borrowedCapacity';
import {
  connectivity,
  membership,
  testCluster,
} from './__testUtils__/testClusters';
import type { VirtualNode } from './types';

/** A Liqo virtual node as the inventory reads it (`liqo.io/remote-cluster-id`). */
function liqoNode(
  peer: string,
  allocatable: Record<string, string>,
): VirtualNode {
  return { name: `liqo-${peer}`, kind: 'liqo', peer, allocatable, ready: true };
}

const euOwn = { cpu: '64', memory: '256Gi', pods: '880' };
const usOwn = { cpu: '32', memory: '128Gi', pods: '440' };

describe('borrowedCapacityReport', () => {
  it('counts a virtual node borrowing from a fleet cluster once', () => {
    const fleet = [
      testCluster('eu-1', {
        capacity: {
          allocatable: euOwn,
          // The peer's whole allocatable, as Liqo offers it.
          virtualNodes: [liqoNode('us-1', usOwn)],
        },
      }),
      testCluster('us-1', { capacity: { allocatable: usOwn } }),
    ];
    const report = borrowedCapacityReport(fleet);
    expect(report.fleetCapacity).toEqual({
      cpu: '96',
      memory: '384Gi',
      pods: '1320',
    });
    expect(report.borrowed).toEqual([
      {
        cluster: 'eu-1',
        own: euOwn,
        virtualNodes: [{ ...liqoNode('us-1', usOwn), peerCluster: 'us-1' }],
        effective: euOwn,
      },
    ]);
    expect(report.errors).toEqual([]);
  });

  it('adds capacity borrowed from a peer outside the fleet', () => {
    const report = borrowedCapacityReport([
      testCluster('eu-1', {
        capacity: {
          allocatable: euOwn,
          virtualNodes: [
            liqoNode('partner-dc', { cpu: '16', memory: '64Gi', pods: '110' }),
            {
              name: 'admiralty-burst-gcp',
              kind: 'admiralty',
              peer: 'burst-gcp',
              allocatable: { cpu: '8', 'nvidia.com/gpu': '2' },
            },
          ],
        },
      }),
      testCluster('us-1', { capacity: { declared: usOwn } }),
    ]);
    expect(report.borrowed[0].effective).toEqual({
      cpu: '88',
      memory: '320Gi',
      'nvidia.com/gpu': '2',
      pods: '990',
    });
    expect(report.fleetCapacity).toEqual({
      cpu: '120',
      memory: '448Gi',
      'nvidia.com/gpu': '2',
      pods: '1430',
    });
  });

  it('does not add a virtual node that is not ready', () => {
    const report = borrowedCapacityReport([
      testCluster('eu-1', {
        capacity: {
          allocatable: { cpu: '4' },
          virtualNodes: [
            { ...liqoNode('partner', { cpu: '8' }), ready: false },
          ],
        },
      }),
    ]);
    expect(report.fleetCapacity).toEqual({ cpu: '4' });
    expect(report.borrowed[0].virtualNodes).toHaveLength(1);
  });

  it('does not add a node whose peer id several clusters claim, and says so', () => {
    const report = borrowedCapacityReport([
      testCluster('eu-1', {
        capacity: {
          allocatable: { cpu: '4' },
          virtualNodes: [liqoNode('shared-id', { cpu: '8' })],
        },
      }),
      testCluster('us-1', {
        capacity: { allocatable: { cpu: '8' } },
        connectivity: connectivity([
          membership('submariner', 'prod', { clusterId: 'shared-id' }),
        ]),
      }),
      testCluster('ap-1', {
        capacity: { allocatable: { cpu: '8' } },
        connectivity: connectivity([], {
          mcs: {
            serviceExportCrd: true,
            serviceImportCrd: true,
            clusterId: 'shared-id',
          },
        }),
      }),
    ]);
    expect(report.fleetCapacity).toEqual({ cpu: '20' });
    expect(report.errors).toEqual([
      'virtual node liqo-shared-id of eu-1: peer "shared-id" is the cluster id of ap-1 and us-1; its capacity is not added, since it is already counted in the fleet. Give each cluster a distinct cluster id.',
    ]);
  });

  it('leaves out a quantity that does not parse and explains it', () => {
    const report = borrowedCapacityReport([
      testCluster('eu-1', {
        capacity: {
          allocatable: { cpu: '4' },
          virtualNodes: [liqoNode('partner', { cpu: 'eight' })],
        },
      }),
    ]);
    expect(report.fleetCapacity).toEqual({ cpu: '4' });
    expect(report.errors).toEqual([
      expect.stringContaining('virtual node liqo-partner of eu-1: cpu="eight"'),
    ]);
  });

  it('counts own plus out-of-fleet borrowed capacity, never more (property)', () => {
    const names = ['a', 'b', 'c', 'd'];
    const node = fc.record({
      peer: fc.constantFrom(...names, 'outside-1', 'outside-2'),
      cpu: fc.integer({ min: 0, max: 64 }),
      ready: fc.boolean(),
    });
    const cluster = fc.record({
      cpu: fc.option(fc.integer({ min: 0, max: 128 }), { nil: undefined }),
      nodes: fc.array(node, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(cluster, { minLength: 1, maxLength: names.length }),
        specs => {
          const fleet: FleetCluster[] = specs.map((spec, i) =>
            testCluster(names[i], {
              capacity: {
                ...(spec.cpu !== undefined
                  ? { allocatable: { cpu: String(spec.cpu) } }
                  : {}),
                virtualNodes: spec.nodes.map((n, j) => ({
                  name: `vk-${j}`,
                  kind: 'liqo' as const,
                  peer: n.peer,
                  allocatable: { cpu: String(n.cpu) },
                  ready: n.ready,
                })),
              },
            }),
          );
          const inFleet = new Set(names.slice(0, specs.length));
          const own = specs.reduce((sum, s) => sum + (s.cpu ?? 0), 0);
          const outside = specs.reduce(
            (sum, s) =>
              sum +
              s.nodes
                .filter(n => n.ready && !inFleet.has(n.peer))
                .reduce((t, n) => t + n.cpu, 0),
            0,
          );
          const allBorrowed = specs.reduce(
            (sum, s) => sum + s.nodes.reduce((t, n) => t + n.cpu, 0),
            0,
          );
          const { fleetCapacity } = borrowedCapacityReport(fleet);
          const total =
            fleetCapacity.cpu === undefined
              ? 0
              : Number(parseQuantity(fleetCapacity.cpu).nanos / 1_000_000_000n);
          expect(total).toBe(own + outside);
          expect(total).toBeLessThanOrEqual(own + allBorrowed);
        },
      ),
    );
  });
});

describe('resolveVirtualNodePeers', () => {
  const fleet = [
    testCluster('eu-1', {
      capacity: {
        virtualNodes: [
          liqoNode('us-1', {}),
          liqoNode('7f3c9e2a-liqo-ap', {}),
          liqoNode('cluster.clusterset.k8s.io-eu-2', {}),
          { ...liqoNode('gone', {}), peerCluster: 'stale-name' },
        ],
      },
    }),
    testCluster('us-1'),
    testCluster('ap-1', {
      connectivity: connectivity([
        membership('cilium-clustermesh', 'mesh', {
          clusterId: '7f3c9e2a-liqo-ap',
        }),
      ]),
    }),
    testCluster('eu-2', {
      connectivity: connectivity([], {
        mcs: {
          serviceExportCrd: true,
          serviceImportCrd: true,
          clusterId: 'cluster.clusterset.k8s.io-eu-2',
        },
      }),
    }),
  ];

  it('matches by name, fabric cluster id and MCS cluster id, and clears the rest', () => {
    const resolved = resolveVirtualNodePeers(fleet);
    expect(
      resolved[0].capacity.virtualNodes!.map(n => [n.peer, n.peerCluster]),
    ).toEqual([
      ['us-1', 'us-1'],
      ['7f3c9e2a-liqo-ap', 'ap-1'],
      ['cluster.clusterset.k8s.io-eu-2', 'eu-2'],
      ['gone', undefined],
    ]);
    expect(resolved[1]).toBe(fleet[1]);
  });

  it('does not modify the fleet it is given', () => {
    const before = JSON.stringify(fleet);
    resolveVirtualNodePeers(fleet);
    expect(JSON.stringify(fleet)).toBe(before);
  });

  it('prefers a cluster name over another cluster claiming it as an id', () => {
    const index = new VirtualNodePeerIndex([
      testCluster('us-1'),
      testCluster('eu-1', {
        connectivity: connectivity([
          membership('submariner', 'prod', { clusterId: 'us-1' }),
        ]),
      }),
    ]);
    expect(index.resolve('us-1')).toEqual({ cluster: 'us-1' });
    expect(index.resolve('nowhere')).toBeUndefined();
  });
});
