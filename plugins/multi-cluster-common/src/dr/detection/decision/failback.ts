import { formatDuration } from '../../../fleet/duration';
import type { FailoverPolicy } from '../../service';
import { decisionEvidence, type DetectionOutcome } from '../types';
import { isStable } from '../window';
import type { ObservedState } from './types';

/**
 * A recorded decision that moved (or proposed to move) a service away from
 * a cluster, and has no failback decision yet.
 *
 * @public
 */
export interface FailbackSource {
  decisionId: string;
  kind: 'failed-over' | 'would-fail-over';
  entityRef: string;
  cluster: string;
  /** When the decision was recorded. */
  decidedAt: string;
}

/**
 * What a failback decision is made from.
 *
 * @public
 */
export interface FailbackInput {
  source: FailbackSource;
  /** The service's policy now. */
  policy: FailoverPolicy;
  /** The source cluster as detection last observed it. */
  cluster: ObservedState | undefined;
  stabilizationMs: number;
  now: Date;
}

/**
 * The key of a failback decision: one per decision it answers.
 *
 * @public
 */
export function failbackEpisodeKey(source: FailbackSource): string {
  return `failback|${source.decisionId}`;
}

/**
 * How long the cluster has been stable for the failback: healthy time
 * observed, and no more than the time since the decision (a service moved
 * for its own signals left a cluster that stayed healthy throughout).
 */
function stableMs(input: FailbackInput): number {
  const sinceDecision =
    input.now.getTime() - Date.parse(input.source.decidedAt);
  return Math.min(input.cluster?.window.healthyMs ?? 0, sinceDecision);
}

/**
 * Once the cluster a service left has been healthy for the whole
 * stabilization window since the decision (a failure in between starts it
 * again, so never while it flaps): `failed-back` when detection failed it over and its
 * policy is automatic, else `propose-failback` (a person decides; after a
 * `would-fail-over` detection cannot know whether anyone moved it).
 *
 * @public
 */
export function decideFailback(
  input: FailbackInput,
): DetectionOutcome | undefined {
  const { source, cluster, policy, stabilizationMs } = input;
  if (!cluster || !isStable(cluster.window, stabilizationMs)) return undefined;
  const stable = stableMs(input);
  if (stable < stabilizationMs) return undefined;
  const automatic = source.kind === 'failed-over' && policy === 'automatic';
  const why = `${source.cluster} healthy for ${formatDuration(
    stable / 1000,
  )} (stabilization ${formatDuration(stabilizationMs / 1000)}): ${
    cluster.verdict.reason
  }`;
  return {
    kind: automatic ? 'failed-back' : 'propose-failback',
    entityRef: source.entityRef,
    cluster: source.cluster,
    policy,
    reason: `${
      automatic
        ? 'Failing back (policy automatic)'
        : 'Failback proposed: a person decides'
    }. ${why}`,
    evidence: decisionEvidence(source.cluster, cluster.verdict.evidence),
    // One failback per decision, whatever it decides.
    episode: failbackEpisodeKey(source),
    episodeKey: failbackEpisodeKey(source),
  };
}
