/**
 * The figures the bench takes from the measured Flotilla backend: its
 * refreshes and inspection passes (from its log), each healthy member's own
 * response time, entity placement and what it found, and the failover.
 */
import { FleetDescription } from '@flotilla/fleet-simulator';
import { RunningBackend } from '../src/harness/backend';
import {
  InspectionRecord,
  inspections,
  loggedRefreshes,
  nextRefresh,
  RefreshRecord,
  triggeredRefresh,
} from '../src/harness/backendLog';
import { ComparisonFigures } from './benchBackends';
import { BENCH_MEMBERS } from './benchFleet';
import {
  FailoverFigures,
  memberResponseMs,
  placementSample,
  PlacementSample,
  runFailover,
} from './benchMeasurements';
import {
  DEAD_CLUSTERS,
  FAILOVER,
  MEMBER_SAMPLES,
  PLACEMENT_BUDGET_MS,
  PLACEMENT_SAMPLES,
  REFRESH_BUDGET_MS,
  REFRESH_SAMPLES,
  TOTAL_CLUSTERS,
  WITH_WORKLOAD,
} from './benchPlan';
import { phase } from './benchProgress';
import { median } from './report';

/** What the measured Flotilla backend and the fleet beside it showed. */
export interface MeasuredFigures {
  rssAtStart?: number;
  refreshes: RefreshRecord[];
  sourceFailures: number;
  passes: InspectionRecord[];
  rssAfterRefresh?: number;
  members: Map<string, number>;
  memberFailures: number;
  placements: PlacementSample[];
  placementFindings: string;
  rssAfterPlacement?: number;
  peakAfterPlacement?: number;
  failover?: FailoverFigures;
  failoverError?: string;
  fleetRss: Record<string, number | undefined>;
}

/** Everything the bench's table shows. */
export interface FleetScaleFigures extends MeasuredFigures, ComparisonFigures {
  peakMainBackend?: number;
}

/**
 * The backend's own refresh durations: the one it runs as it starts (every
 * Cluster is there by then), then triggered ones, up to REFRESH_SAMPLES or
 * until they took REFRESH_BUDGET_MS together (a refresh far over its
 * target is measured once or twice, not for ten minutes). A refresh whose
 * Karmada source failed (its clusters kept from before, stale) measured
 * nothing: it is left out and counted.
 */
export async function refreshFigures(backend: RunningBackend) {
  const samples: RefreshRecord[] = [];
  let sourceFailures = 0;
  const started = performance.now();
  let next = () => nextRefresh(backend, 0, 300_000);
  while (
    samples.length < REFRESH_SAMPLES &&
    performance.now() - started < REFRESH_BUDGET_MS
  ) {
    const refresh = await next();
    next = () => triggeredRefresh(backend, 300_000);
    if (refresh.stale > 0) {
      sourceFailures++;
    } else if (refresh.clusters < TOTAL_CLUSTERS) {
      throw new Error(
        `a refresh saw ${
          refresh.clusters
        } clusters, not ${TOTAL_CLUSTERS}: ${JSON.stringify(
          loggedRefreshes(backend),
        )}`,
      );
    } else {
      samples.push(refresh);
    }
  }
  if (samples.length === 0) {
    throw new Error(
      `no refresh read the Karmada source: ${JSON.stringify(
        loggedRefreshes(backend),
      )}`,
    );
  }
  // Each refresh's inspection pass follows its store; the last may still run.
  const passes = await inspections(
    backend,
    loggedRefreshes(backend).length,
    600_000,
  );
  return { samples, sourceFailures, passes };
}

/**
 * Each healthy member's own response time (median of MEMBER_SAMPLES, after
 * a first call). A call that fails (the Karmada proxy answering 503 under
 * load) is retried and counted, not measured.
 */
export async function memberFigures(fleet: FleetDescription) {
  const healthy = [
    BENCH_MEMBERS.workloadHost,
    BENCH_MEMBERS.slow,
    BENCH_MEMBERS.idle,
  ];
  const medians = new Map<string, number>();
  let failures = 0;
  for (const member of healthy) {
    const samples: number[] = [];
    for (
      let call = 0;
      samples.length < MEMBER_SAMPLES && call < MEMBER_SAMPLES * 3;
      call++
    ) {
      try {
        const ms = await memberResponseMs(fleet, member, 30_000);
        if (call > 0) samples.push(ms);
      } catch {
        failures++;
      }
    }
    if (samples.length === 0)
      throw new Error(`${member} never answered through the Karmada proxy`);
    medians.set(member, median(samples));
  }
  return { medians, failures };
}

/**
 * Entity placement of the bench entity, up to PLACEMENT_SAMPLES times:
 * at least twice, then while within PLACEMENT_BUDGET_MS.
 */
export async function placementFigures(
  backend: RunningBackend,
): Promise<PlacementSample[]> {
  // No warm-up call: one takes seconds to minutes over a thousand
  // clusters, which JIT and first connections do not change.
  const samples: PlacementSample[] = [];
  const started = performance.now();
  while (
    samples.length < PLACEMENT_SAMPLES &&
    (samples.length < 2 || performance.now() - started < PLACEMENT_BUDGET_MS)
  ) {
    samples.push(await placementSample(backend));
  }
  return samples;
}

/**
 * What the placement answers found, against what the fleet holds: the
 * workload on the 199 reachable clusters that run it (the slow ones
 * included) and an error for the dead one only. Anything else (a healthy
 * cluster that timed out under load, say) is reported, not hidden.
 */
export function placementFindingsOf(samples: PlacementSample[]): string {
  const expected = WITH_WORKLOAD - DEAD_CLUSTERS;
  const found = samples.map(s => new Set(s.clustersWithWorkload));
  const withoutSlow = found.filter(f => !f.has(BENCH_MEMBERS.slow)).length;
  const otherErrors = new Set(
    samples.flatMap(s =>
      s.errors
        .map(e => `${e.cluster}${e.timeout ? ' (timeout)' : ''}`)
        .filter(c => c !== BENCH_MEMBERS.dead),
    ),
  );
  const deadReported = samples.every(s =>
    s.errors.some(e => e.cluster === BENCH_MEMBERS.dead),
  );
  return [
    `workload found on ${found.map(f => f.size).join('/')} of ${expected}`,
    `clusters not read (census): ${samples.map(s => s.notRead).join('/')}`,
    withoutSlow ? `slow member missing in ${withoutSlow}` : '',
    deadReported
      ? 'dead member reported as an error'
      : 'dead member NOT reported',
    otherErrors.size
      ? `other errors: ${[...otherErrors].slice(0, 5).join(', ')}${
          otherErrors.size > 5 ? ` and ${otherErrors.size - 5} more` : ''
        }`
      : 'no other errors',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The failover's figures, or why there are none (the table says so). */
export async function failoverFigures(
  backend: RunningBackend,
): Promise<{ failover?: FailoverFigures; failoverError?: string }> {
  try {
    const failover = await phase('failover', () =>
      runFailover(backend, FAILOVER, 300_000),
    );
    return { failover };
  } catch (error) {
    return { failoverError: (error as Error).message };
  }
}
