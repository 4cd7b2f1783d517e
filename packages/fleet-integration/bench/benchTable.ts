/**
 * The fleet-scale bench's printed report: a heading, one table of figures
 * against the issue's targets (a section of rows per concern, in this
 * order), and how many targets were missed.
 */
/* eslint-disable no-console */
import os from 'node:os';
import { flotillaNodeFlags } from './benchBackends';
import { FleetScaleFigures } from './benchFigures';
import { BENCH_MEMBERS } from './benchFleet';
import {
  DEAD_CLUSTERS,
  FAILOVER,
  MEMBER_SAMPLES,
  PLACEMENT_TARGET_RATIO,
  REFRESH_TARGET_MS,
  RSS_TARGET_MB,
  SLOW_CLUSTERS,
  slowMs,
  TOTAL_CLUSTERS,
  WITH_WORKLOAD,
} from './benchPlan';
import { elapsedMs } from './benchProgress';
import {
  formatTable,
  megabytes,
  median,
  missed,
  percentile,
  Row,
  seconds,
} from './report';

/** Prints the heading, the table of `figures` and the targets missed. */
export function printReport(figures: FleetScaleFigures) {
  const rows = fleetScaleRows(figures);
  console.log(
    `\nFleet scale: ${TOTAL_CLUSTERS} Karmada Clusters on ${
      Object.keys(BENCH_MEMBERS).length
    } member API servers; Flotilla's backend and the demo backend (built bundles, split by discovery) on PostgreSQL (${
      os.cpus().length
    } CPUs, load ${os
      .loadavg()
      .map(l => l.toFixed(1))
      .join(' ')})\n`,
  );
  console.log(formatTable(rows));
  const misses = missed(rows);
  console.log(
    `\n${
      misses.length === 0
        ? 'All targets met'
        : `${misses.length} target(s) missed`
    }; ${seconds(elapsedMs())} in all.`,
  );
}

function fleetScaleRows(figures: FleetScaleFigures): Row[] {
  const slowest = slowestHealthyMember(figures.members);
  return [
    refreshRow(figures),
    inspectionPassRow(figures),
    uninspectedRefreshRow(figures),
    ...memoryRows(figures),
    slowestMemberRow(figures, slowest),
    ...placementRows(figures, slowest),
    ...failoverRows(figures),
    ...fleetRssRows(figures),
  ];
}

function refreshRow(figures: FleetScaleFigures): Row {
  const refresh = figures.refreshes.map(r => r.durationMs);
  return {
    measure: `inventory refresh, ${TOTAL_CLUSTERS} Karmada Clusters (median of ${refresh.length})`,
    value: seconds(median(refresh)),
    target: `< ${seconds(REFRESH_TARGET_MS)}`,
    ratio: median(refresh) / REFRESH_TARGET_MS,
    note: `each: ${refresh
      .map(seconds)
      .join(', ')} (first at start-up, then triggered); backend's own log${
      figures.sourceFailures
        ? `; ${figures.sourceFailures} more failed to list Karmada, left out`
        : ''
    }`,
  };
}

function inspectionPassRow(figures: FleetScaleFigures): Row {
  const passes = figures.passes.map(p => p.durationMs);
  return {
    measure: `connectivity inspection pass, ${
      figures.passes[0]?.clusters ?? 0
    } clusters through the Karmada proxy (median of ${passes.length})`,
    value: passes.length ? seconds(median(passes)) : 'not measured',
    note: `each: ${passes
      .map(seconds)
      .join(
        ', ',
      )}; runs after the refresh has stored the fleet (clusters show their last inspection meanwhile)`,
  };
}

function uninspectedRefreshRow(figures: FleetScaleFigures): Row {
  const uninspected = figures.uninspectedRefresh;
  return {
    measure: `inventory refresh without connectivity inspection (connectivity.detect: false)`,
    value: seconds(uninspected.durationMs),
    target: `< ${seconds(REFRESH_TARGET_MS)}`,
    ratio: uninspected.durationMs / REFRESH_TARGET_MS,
    note: `start-up refresh of a second backend, ${uninspected.clusters} clusters: the Karmada list and ResourceBindings, merge and store only`,
  };
}

const mb = (value?: number) =>
  value === undefined ? 'not measured' : megabytes(value);

/** The backends' memory: the baseline, the demo backend, the peaks, now. */
function memoryRows(figures: FleetScaleFigures): Row[] {
  return [
    {
      measure: 'Flotilla backend peak RSS with an empty fleet (the baseline)',
      value: mb(figures.peakEmptyFleet),
      note: 'VmHWM of the same backend (packages/backend-multi-cluster, the built bundle, NODE_ENV=production) with no fleet source, after its first refresh',
    },
    {
      measure:
        'demo backend peak RSS beside it (catalog, auth, permissions, search, scaffolder, ...)',
      value: mb(figures.peakMainBackend),
      note: 'VmHWM of packages/backend (built bundle) over the whole bench; its multi-cluster plugin has no fleet source: multi-cluster is discovered in the Flotilla backend',
    },
    ...peakRows(
      `${TOTAL_CLUSTERS} clusters (refreshes, inspection passes, placements)`,
      figures.peakAfterPlacement,
      figures.peakEmptyFleet,
    ),
    ...peakRows(
      `${TOTAL_CLUSTERS} clusters without connectivity inspection (refresh)`,
      figures.peakUninspected,
      figures.peakEmptyFleet,
    ),
    {
      measure: 'backend RSS now: at start / after refresh / after placement',
      value: [
        figures.rssAtStart,
        figures.rssAfterRefresh,
        figures.rssAfterPlacement,
      ]
        .map(mb)
        .join(' / '),
      note: 'VmRSS, which moves with every garbage collection',
    },
  ];
}

/** The Flotilla backend's peak `when`, and its share over the empty fleet's. */
function peakRows(when: string, peak?: number, peakEmptyFleet?: number) {
  const rows: Row[] = [
    {
      measure: `Flotilla backend peak RSS, ${when}`,
      value: mb(peak),
      target: `< ${RSS_TARGET_MB} MB`,
      ratio: peak === undefined ? undefined : peak / RSS_TARGET_MB,
      note: `VmHWM of the whole backend process (a split deployment: Flotilla's plugin alone), run with ${
        flotillaNodeFlags.join(' ') || "Node's default heap sizing"
      }`,
    },
  ];
  if (peak !== undefined && peakEmptyFleet !== undefined) {
    const share = peak - peakEmptyFleet;
    rows.push({
      measure: `Flotilla's share of the peak, ${when}`,
      value: megabytes(share),
      target: `< ${RSS_TARGET_MB} MB`,
      ratio: share / RSS_TARGET_MB,
      note: 'the row above minus the empty-fleet peak',
    });
  }
  return rows;
}

/** The healthy member slowest to answer, and its median response (ms). */
function slowestHealthyMember(members: Map<string, number>): [string, number] {
  return [...members.entries()].sort((a, b) => b[1] - a[1])[0];
}

function slowestMemberRow(
  figures: FleetScaleFigures,
  slowest: [string, number],
): Row {
  return {
    measure: `slowest healthy member's own response (${slowest[0]}, +${slowMs} ms)`,
    value: seconds(slowest[1]),
    note: `median of ${MEMBER_SAMPLES}; others: ${[...figures.members.entries()]
      .filter(([m]) => m !== slowest[0])
      .map(([m, ms]) => `${m} ${seconds(ms)}`)
      .join(', ')}${
      figures.memberFailures
        ? `; ${figures.memberFailures} failed call(s) retried`
        : ''
    }`,
  };
}

/** Entity placement's median and p95, against the slowest healthy member. */
function placementRows(
  figures: FleetScaleFigures,
  slowest: [string, number],
): Row[] {
  const bound = slowest[1] * PLACEMENT_TARGET_RATIO;
  const wall = figures.placements.map(p => p.wallMs);
  const server = figures.placements.map(p => p.serverMs);
  return (
    [
      ['median', median(wall)],
      ['p95', percentile(wall, 95)],
    ] as const
  ).map(([label, value]) => ({
    measure: `entity placement over ${TOTAL_CLUSTERS} clusters (${WITH_WORKLOAD} run it, ${SLOW_CLUSTERS} slow, ${DEAD_CLUSTERS} dead), ${label}`,
    value: seconds(value),
    target: `≤ ${PLACEMENT_TARGET_RATIO}× slowest healthy = ${seconds(bound)}`,
    ratio: value / bound,
    note:
      label === 'median'
        ? `n=${wall.length}; backend's own durationMs median ${seconds(
            median(server),
          )}; ${figures.placementFindings}`
        : `ratio to slowest healthy: ${(value / slowest[1]).toFixed(2)}×`,
  }));
}

/** Each failover step, then the whole run; or why it was not measured. */
function failoverRows(figures: FleetScaleFigures): Row[] {
  const f = figures.failover;
  if (!f) {
    return [
      {
        measure: 'failover',
        value: 'not measured',
        note: figures.failoverError,
      },
    ];
  }
  return [
    ...f.steps.map(step => ({
      measure: `failover step ${step.kind}: ${step.title}`,
      value:
        step.durationMs === undefined ? step.status : seconds(step.durationMs),
      note: `${step.status}, ${step.attempts} attempt(s)`,
    })),
    {
      measure: `failover ${FAILOVER.entityRef} ${FAILOVER.from} → ${FAILOVER.to}, whole run`,
      value: f.durationMs === undefined ? f.status : seconds(f.durationMs),
      note: `${f.status}${
        f.error ? ` (${f.error.slice(0, 120)})` : ''
      }; POST to end seen by the caller ${seconds(f.wallMs)}`,
    },
  ];
}

function fleetRssRows(figures: FleetScaleFigures): Row[] {
  return Object.entries(figures.fleetRss).map(([name, rss]) => ({
    measure: `fleet process RSS: ${name}`,
    value: rss === undefined ? 'not running' : megabytes(rss),
    note:
      name === 'capi'
        ? 'not used by the bench: the simulator needs it in any fleet'
        : '',
  }));
}
