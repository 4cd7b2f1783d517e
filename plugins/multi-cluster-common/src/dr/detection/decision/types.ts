import type { ReplicaAssignment } from '../../posture';
import type { FailoverPolicy } from '../../service';
import type { ServiceSignal } from '../signals/types';
import type { DetectionDecisionKind } from '../../../api/regionLoss';
import type {
  ClusterVerdict,
  DetectionVerdict,
  DetectionWindow,
} from '../types';

/**
 * A cluster as detection last observed it: the window over its
 * observations and the last verdict.
 *
 * @public
 */
export interface ObservedState {
  window: DetectionWindow;
  verdict: ClusterVerdict;
}

/**
 * A service signal in one cluster, as detection last observed it.
 *
 * @public
 */
export interface ObservedSignal {
  signal: ServiceSignal;
  window: DetectionWindow;
  verdict: DetectionVerdict;
}

/**
 * A DR-declared service as detection decides about it.
 *
 * @public
 */
export interface DetectedService {
  entityRef: string;
  /** `flotilla.io/failover-policy`, absent: manual. */
  policy: FailoverPolicy;
  /** `flotilla.io/failover-toleration`, absent: the default (300 s). */
  tolerationSeconds: number;
  /** Where its replicas run now. */
  placement: ReplicaAssignment;
  /** Its PropagationPolicy declares `spec.failover`. */
  karmadaFailover: boolean;
  /** Its unfinished failover run, if any. */
  activeRunId?: string;
  /** When it was last failed over (a run or a detection decision). */
  lastFailoverAt?: string;
}

/**
 * What one service's decisions are made from.
 *
 * @public
 */
export interface ServiceDecisionInput {
  service: DetectedService;
  now: Date;
  /** Every cluster of the fleet by name. */
  clusters: ReadonlyMap<string, ObservedState>;
  /** The service's signals, by cluster. */
  signals?: ReadonlyMap<string, ObservedSignal[]>;
  minFailoverIntervalMs: number;
}

/** What a decision rule sees about one down cluster of one service. */
export interface DecisionFacts {
  service: DetectedService;
  now: Date;
  cluster: string;
  /** Healthy clusters the service could move to. */
  survivors: string[];
  minFailoverIntervalMs: number;
}

/** A rule's answer: its kind, why, and what tells its episodes apart. @public */
export interface RuleDecision {
  kind: DetectionDecisionKind;
  /** Names the reason in the episode key (e.g. `min-interval`). */
  code?: string;
  reason: string;
}

/** One decision rule: an answer when it applies, else the next rule. */
export type DecisionRule = (facts: DecisionFacts) => RuleDecision | undefined;
