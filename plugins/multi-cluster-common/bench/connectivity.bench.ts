/* eslint-disable no-console */
/**
 * Connectivity benchmark.
 *
 * 1. The fleet connectivity report (`buildConnectivityReport`: cluster sets,
 *    CIDR-overlap / gateway / peer findings, borrowed capacity) at 1,000 and
 *    10,000 clusters in sets of 20, each cluster listing its set's peers,
 *    two clusters per set on one pod network, 5% with a virtual node.
 *    Its floor is parsing every cluster's CIDRs and capacity once, which
 *    any such report must do.
 * 2. `schedule` with a reachability requirement (two dependencies) next to
 *    the same request without one: the cost of the Flotilla filter.
 *
 * Runs alternate with their baseline so both see the same machine load.
 * Run from plugins/multi-cluster-common:
 *   node --require @backstage/cli/config/nodeTransform.cjs bench/connectivity.bench.ts
 * Options: --sizes=1000,10000 --budget-ms=1500 --smoke (1,000 clusters, once)
 */
import type { FleetCluster } from '../src/api';
import { buildConnectivityReport } from '../src/connectivity';
import { parseCidr } from '../src/manifests/validation/cidr';
import { parseQuantity } from '../src/quantity';
import { schedule, ScheduleRequest } from '../src/scheduling';
import {
  measurePaired,
  median,
  printTable,
  requireMeasured,
  runBench,
  sized,
} from '@flotilla/bench-kit';
import { makeClusters, placementFor } from './schedule.bench';

const SET_SIZE = 20;

function clusterId(index: number) {
  return `member-${String(index).padStart(6, '0')}`;
}

function makeFleet(count: number): FleetCluster[] {
  const fleet: FleetCluster[] = [];
  for (let index = 0; index < count; index++) {
    const set = Math.floor(index / SET_SIZE);
    const first = set * SET_SIZE;
    const peers: string[] = [];
    for (let peer = first; peer < Math.min(count, first + SET_SIZE); peer++) {
      if (peer !== index) peers.push(clusterId(peer));
    }
    // One pair per set shares a pod network (a cidr-overlap finding).
    const podIndex = index % SET_SIZE === 5 ? index - 1 : index;
    const podCidr = `10.${64 + (Math.floor(podIndex / 256) % 64)}.${
      podIndex % 256
    }.0/24`;
    fleet.push({
      name: clusterId(index),
      source: 'karmada',
      sources: [{ type: 'karmada', id: 'karmada:bench' }],
      labels: {},
      capacity: {
        allocatable: { cpu: '64', memory: '256Gi', pods: '1100' },
        virtualNodes:
          index % 20 === 7
            ? [
                {
                  name: `liqo-${clusterId(first)}`,
                  kind: 'liqo',
                  peer: clusterId(first),
                  peerCluster: clusterId(first),
                  allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
                  ready: true,
                },
              ]
            : undefined,
      },
      connectivity: {
        clusterSets: [`set-${set}`],
        fabrics: [
          {
            kind: 'submariner',
            clusterSet: `set-${set}`,
            clusterId: clusterId(index),
            detectedVia: 'api',
            connectedTo: peers,
            gateway: { ready: index % 97 !== 0 },
            evidence: [],
          },
        ],
        networks: {
          podCidrs: [podCidr],
          serviceCidrs: [`172.${16 + (index % 16)}.${index % 256}.0/24`],
          detectedVia: 'api',
        },
      },
      health: { status: 'healthy', via: 'karmada' },
      stale: false,
      refreshedAt: '2026-12-01T00:00:00Z',
    });
  }
  return fleet;
}

function parseArgs() {
  let sizes = sized([1_000, 10_000], [1_000]);
  let budgetMs = sized(1_500, 10);
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('--sizes=')) sizes = arg.slice(8).split(',').map(Number);
    if (arg.startsWith('--budget-ms=')) budgetMs = Number(arg.slice(12));
  }
  return { sizes, budgetMs };
}

function main() {
  const { sizes, budgetMs } = parseArgs();
  const reportRows: string[][] = [];
  const scheduleRows: string[][] = [];
  for (const size of sizes) {
    const fleet = makeFleet(size);
    // What any report must do once per cluster: parse its networks and its
    // (own and borrowed) capacity.
    const parseAll = () => {
      let parsed = 0;
      for (const cluster of fleet) {
        const networks = cluster.connectivity!.networks!;
        for (const cidr of [...networks.podCidrs, ...networks.serviceCidrs]) {
          if ('cidr' in parseCidr(cidr)) parsed++;
        }
        const lists = [
          cluster.capacity.allocatable!,
          ...(cluster.capacity.virtualNodes ?? []).map(v => v.allocatable),
        ];
        for (const list of lists) {
          for (const value of Object.values(list)) {
            if (parseQuantity(value).nanos >= 0n) parsed++;
          }
        }
      }
      return parsed;
    };
    const report = buildConnectivityReport(fleet);
    requireMeasured(
      report.clusterSets.length > 0,
      `the report of ${size} clusters found no cluster set`,
    );
    const [reportTimes, floorTimes] = measurePaired(
      () => buildConnectivityReport(fleet),
      parseAll,
      budgetMs,
    );
    const reportMs = median(reportTimes);
    const floorMs = median(floorTimes);
    reportRows.push([
      size.toLocaleString('en-US'),
      String(report.clusterSets.length),
      String(report.findings.length),
      reportMs.toFixed(2),
      ((reportMs * 1000) / size).toFixed(1),
      floorMs.toFixed(2),
      (reportMs / floorMs).toFixed(1),
      report.fleetCapacity.cpu,
    ]);

    // Every cluster is in its set of 20 and one of four meshes; the two
    // dependencies are reachable through mesh-0 only, so a quarter pass.
    const clusters = makeClusters(size).map((cluster, index) => ({
      ...cluster,
      clusterSets: [`set-${Math.floor(index / SET_SIZE)}`, `mesh-${index % 4}`],
    }));
    const base: ScheduleRequest = {
      replicas: 100,
      placement: placementFor('Duplicated'),
      clusters,
      replicaRequirements: { resourceRequest: { cpu: '500m', memory: '1Gi' } },
      uid: 'd43fdeeb-d750-4e2b-bee3-64eb94534f4c',
    };
    const constrained: ScheduleRequest = {
      ...base,
      reachability: {
        dependencies: [
          {
            ref: 'component:default/payments-db',
            clusters: [{ name: 'db-1', clusterSets: ['mesh-0'] }],
          },
          {
            ref: 'component:default/ledger',
            clusters: [{ name: 'ledger-1', clusterSets: ['mesh-0', 'mesh-1'] }],
          },
        ],
      },
    };
    const [withTimes, withoutTimes] = measurePaired(
      () => schedule(constrained),
      () => schedule(base),
      budgetMs,
    );
    const withMs = median(withTimes);
    const withoutMs = median(withoutTimes);
    requireMeasured(
      schedule(constrained).targets.length > 0,
      `no cluster of ${size} passed the reachability filter`,
    );
    scheduleRows.push([
      size.toLocaleString('en-US'),
      withoutMs.toFixed(3),
      withMs.toFixed(3),
      (withMs / withoutMs).toFixed(2),
      String(schedule(base).targets.length),
      String(schedule(constrained).targets.length),
    ]);
  }
  console.log('Fleet connectivity report');
  printTable(
    [
      'clusters',
      'sets',
      'findings',
      'median ms',
      'µs/cluster',
      'floor ms (parse once)',
      'x floor',
      'fleet cpu',
    ],
    reportRows,
  );
  console.log('\nschedule with a reachability requirement (Duplicated)');
  printTable(
    [
      'clusters',
      'without ms',
      'with ms',
      'x without',
      'targets without',
      'targets with',
    ],
    scheduleRows,
  );
}

if (require.main === module) runBench('connectivity', main);
