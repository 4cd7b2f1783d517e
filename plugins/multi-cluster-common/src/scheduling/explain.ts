/**
 * Human explanation of one scheduling attempt: a verdict and reasons per
 * input cluster. Built on demand from what the attempt recorded, so the hot
 * path never formats strings for clusters nobody looks at.
 */
import type { Candidate } from './candidates';
import { allFilterFailures, FilterContext } from './filters';
import { describeReachable } from './filters/clusterSetReachability';
import { findUntoleratedTaint, formatTaint } from './matching/tolerations';
import type { OverflowOutcome, TierOutcome } from './overflow';
import { AssignmentOutcome, NOT_A_PARTY, StrategyKind } from './strategies';
import type { ClusterExplanation, ClusterSnapshot } from './types';

export interface AttemptRecord {
  clusters: readonly ClusterSnapshot[];
  filterContext: FilterContext;
  /** Candidate per input index; undefined when filtered. */
  candidateByInput: readonly (Candidate | undefined)[];
  /** Selected candidates (the list assignment received). */
  selected?: readonly Candidate[];
  selectedBy?: 'cluster' | 'region';
  workload: boolean;
  replicas: number;
  strategy?: StrategyKind;
  outcome?: AssignmentOutcome | OverflowOutcome;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

interface LocatedOutcome {
  outcome: AssignmentOutcome;
  /** Position within that outcome's candidate list. */
  position: number;
  /** Overflow tier, when assigned tier by tier. */
  tier?: number;
}

/**
 * Per selected position, the outcome that decided it: the whole outcome, or
 * its tier's outcome under overflow tiers.
 */
function locateOutcomes(
  outcome: AssignmentOutcome | OverflowOutcome,
  selectedCount: number,
): (position: number) => LocatedOutcome {
  const tiers = (outcome as OverflowOutcome).tiers as TierOutcome[] | undefined;
  if (!tiers) return position => ({ outcome, position });
  const located: LocatedOutcome[] = new Array(selectedCount).fill({
    outcome: { mode: 'unchanged', replicas: [] },
    position: -1,
  });
  for (const tier of tiers) {
    tier.indices.forEach((index, local) => {
      located[index] = {
        outcome: tier.outcome,
        position: local,
        tier: tier.tier,
      };
    });
  }
  return position => located[position];
}

function assignmentReasons(
  located: LocatedOutcome,
  candidate: Candidate,
  assigned: number,
): string[] {
  const { outcome } = located;
  const reasons: string[] = [];
  const weight = outcome.weights?.[located.position];
  const total = outcome.weightTotal ?? 0;
  const isParty = weight !== undefined && weight !== NOT_A_PARTY;
  const head = `assigned ${plural(assigned, 'replica')}`;
  switch (outcome.mode) {
    case 'duplicated':
      reasons.push(`${head} (duplicated: every cluster runs all replicas)`);
      break;
    case 'static-weight':
      reasons.push(
        isParty
          ? `${head} (weight ${weight} of ${total})`
          : `${head} (no staticWeightList rule matches this cluster)`,
      );
      break;
    case 'scale-up': {
      const kept = outcome.kept?.[located.position] ?? 0;
      const detail = isParty
        ? `weight ${weight} of ${total} by available replicas`
        : 'outside the aggregated selection';
      reasons.push(
        kept > 0
          ? `${head} (${kept} kept, ${assigned - kept} added; ${detail})`
          : `${head} (${detail})`,
      );
      break;
    }
    case 'scale-down':
      reasons.push(
        isParty
          ? `${head} (scaled down in proportion to the previous ${weight} of ${total})`
          : `${head} (scaled down: not kept by the aggregated division)`,
      );
      break;
    case 'fresh':
      reasons.push(
        isParty
          ? `${head} (fresh division: weight ${weight} of ${total}, available plus own replicas)`
          : `${head} (fresh division: outside the aggregated selection)`,
      );
      break;
    default:
      // 'unchanged'
      reasons.push(
        `${head} (unchanged: the previous result already sums to the desired replicas)`,
      );
  }
  if (located.tier !== undefined) {
    reasons.push(
      located.tier === 0
        ? 'matches the primary affinity'
        : `overflow tier ${located.tier}`,
    );
  }
  if (candidate.previous > 0 && outcome.mode !== 'scale-up') {
    reasons.push(`previously ran ${plural(candidate.previous, 'replica')}`);
  }
  return reasons;
}

/**
 * A filtered cluster that still keeps replicas: a scale-down over every
 * previous entry divides over clusters that are no longer candidates.
 */
function departedExplanation(
  cluster: ClusterSnapshot,
  record: AttemptRecord,
): ClusterExplanation | undefined {
  const outcome = record.outcome as AssignmentOutcome | undefined;
  const kept = outcome?.departed?.find(entry => entry.name === cluster.name);
  if (!outcome || !kept) return undefined;
  const failures = allFilterFailures(cluster, record.filterContext);
  return {
    cluster: cluster.name,
    verdict: 'selected',
    reasons: [
      `assigned ${plural(
        kept.replicas,
        'replica',
      )} (scaled down in proportion to the previous ${kept.previous} of ${
        outcome.weightTotal
      }: this release divides over the whole previous assignment)`,
      ...failures.map(
        failure => `no longer a candidate: ${failure.explanation}`,
      ),
    ],
  };
}

/** Builds the per-cluster explanation of an attempt. */
export function buildExplanation(record: AttemptRecord): ClusterExplanation[] {
  const locate = record.outcome
    ? locateOutcomes(record.outcome, record.selected?.length ?? 0)
    : undefined;
  // Position in the selection per input index (-1: not selected).
  const selectedPosition = new Int32Array(record.clusters.length).fill(-1);
  record.selected?.forEach((candidate, position) => {
    selectedPosition[candidate.inputIndex] = position;
  });
  return record.clusters.map((cluster, inputIndex) => {
    const candidate = record.candidateByInput[inputIndex];
    if (!candidate) {
      const departed = departedExplanation(cluster, record);
      if (departed) return departed;
      return {
        cluster: cluster.name,
        verdict: 'filtered' as const,
        reasons: allFilterFailures(cluster, record.filterContext).map(
          failure => failure.explanation,
        ),
      };
    }
    const position = selectedPosition[inputIndex];
    if (record.selected === undefined) {
      return {
        cluster: cluster.name,
        verdict: 'not-selected' as const,
        reasons: ['feasible, but scheduling failed before assignment'],
      };
    }
    if (position < 0) {
      return {
        cluster: cluster.name,
        verdict: 'not-selected' as const,
        reasons: [
          `not chosen by spread constraint ${record.selectedBy ?? 'cluster'}`,
        ],
      };
    }
    const { reachability } = record.filterContext;
    if (!record.workload) {
      return {
        cluster: cluster.name,
        verdict: 'selected' as const,
        reasons: [
          'selected (not a workload: propagated without a replica count)',
          ...(reachability ? describeReachable(cluster, reachability) : []),
        ],
      };
    }
    if (!record.outcome || !locate) {
      return {
        cluster: cluster.name,
        verdict: 'not-selected' as const,
        reasons: ['feasible and selected, but replica assignment failed'],
      };
    }
    const assigned = record.outcome.replicas[position];
    const reasons = assignmentReasons(locate(position), candidate, assigned);
    if (reachability && assigned > 0) {
      reasons.push(...describeReachable(cluster, reachability));
    }
    // Previous clusters skip the taint filter; say so when it matters.
    const taint = record.filterContext.previousNames.has(cluster.name)
      ? findUntoleratedTaint(cluster.taints, record.filterContext.tolerations)
      : undefined;
    if (taint) {
      reasons.push(
        `kept despite untolerated taint ${formatTaint(
          taint,
        )}: already placed here, eviction is up to the taint manager`,
      );
    }
    return {
      cluster: cluster.name,
      verdict: assigned > 0 ? ('selected' as const) : ('not-selected' as const),
      reasons,
    };
  });
}
