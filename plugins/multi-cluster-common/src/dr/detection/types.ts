import type { ClusterHealthEvidence } from '../../api/fleet';
import type {
  DetectionClusterState,
  DetectionDecisionKind,
  DetectionEvidence,
} from '../../api/regionLoss';
import type { FailoverPolicy } from '../service';

/**
 * What detection concludes from one observation of a cluster (or of a
 * service signal in a cluster): `failing` counts toward the window,
 * `healthy` resets it, `unknown` (this backend cannot tell, e.g. its
 * credentials were refused) pauses it.
 *
 * @public
 */
export type DetectionState = DetectionClusterState;

/**
 * One observation's conclusion and what it rests on.
 *
 * @public
 */
export interface DetectionVerdict<E = DetectionEvidence> {
  state: DetectionState;
  /** The decisive evidence, in a sentence. */
  reason: string;
  evidence: E[];
}

/**
 * A cluster's verdict: its evidence is every health observer's, Karmada's
 * outage taints included (as Karmada evidence).
 *
 * @public
 */
export type ClusterVerdict = DetectionVerdict<ClusterHealthEvidence>;

/**
 * A window over consecutive observations of one cluster (or one service
 * signal in one cluster). Durations count only the time between two
 * observations that agree: the time between a failing and an unknown
 * observation counts for neither side.
 *
 * @public
 */
export interface DetectionWindow {
  /** The last observation. */
  state: DetectionState;
  /** When it was made (ISO 8601). */
  observedAt: string;
  /** The first failing observation since the last healthy one. */
  failingSince?: string;
  /** Time observed failing since `failingSince`, unknown time left out. */
  failingMs: number;
  /** The first healthy observation since the last failing one. */
  healthySince?: string;
  /** Time observed healthy since `healthySince`, unknown time left out. */
  healthyMs: number;
}

/**
 * A decision as the rules make it, before it is recorded.
 *
 * @public
 */
export interface DetectionOutcome {
  kind: DetectionDecisionKind;
  entityRef: string;
  cluster: string;
  policy: FailoverPolicy;
  reason: string;
  evidence: DetectionEvidence[];
  /**
   * What the decision is about: the service, the cluster and the start of
   * the failure (`<entityRef>|<cluster>|<failingSince>`), or for a
   * failback the decision it answers (`failback|<decisionId>`).
   */
  episode: string;
  /**
   * The episode and what was decided about it: one decision is recorded
   * per key, however many backend replicas decide it.
   */
  episodeKey: string;
}

/**
 * A cluster's evidence as a decision records it.
 *
 * @public
 */
export function decisionEvidence(
  cluster: string,
  evidence: ClusterHealthEvidence[],
): DetectionEvidence[] {
  return evidence.map(e => ({
    cluster,
    source: e.source,
    status: e.status,
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    ...(e.since !== undefined ? { since: e.since } : {}),
  }));
}
