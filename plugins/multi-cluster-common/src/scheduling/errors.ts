/**
 * Scheduling failures with Karmada's exact message text.
 *
 * `message` is what Karmada's scheduler returns from `Schedule()` (and writes
 * into the binding's `Scheduled` condition), including its wrapping, e.g.
 * `failed to assign replicas: failed to scale up: Clusters available replicas 5 are not enough to schedule.`
 * `detail` is the innermost message without the wrapping.
 */
import type { ClusterExplanation } from './types';

/**
 * The `Scheduled` condition reason Karmada sets for the failure.
 *
 * @public
 */
export type PlacementErrorReason =
  | 'NoClusterFit'
  | 'Unschedulable'
  | 'SchedulerError';

/**
 * Finer machine-readable classification.
 *
 * @public
 */
export type PlacementErrorCode =
  /** Every cluster was filtered out (FitError). */
  | 'NoClusterFit'
  /** Available replicas below what has to be placed. */
  | 'InsufficientReplicas'
  /** A spread constraint cannot be satisfied. */
  | 'SpreadConstraintUnsatisfiable'
  /** Nothing left to assign replicas to after selection. */
  | 'NoClustersAvailable'
  /** Divided without a usable division preference. */
  | 'UnsupportedStrategy'
  /** The request itself is malformed (not a Karmada error). */
  | 'InvalidRequest';

const REASON_BY_CODE: Record<PlacementErrorCode, PlacementErrorReason> = {
  NoClusterFit: 'NoClusterFit',
  InsufficientReplicas: 'Unschedulable',
  SpreadConstraintUnsatisfiable: 'SchedulerError',
  NoClustersAvailable: 'SchedulerError',
  UnsupportedStrategy: 'SchedulerError',
  InvalidRequest: 'SchedulerError',
};

/** @public */
export class PlacementError extends Error {
  readonly reason: PlacementErrorReason;
  readonly code: PlacementErrorCode;
  /** Innermost Karmada message (no `failed to ...:` prefixes). */
  readonly detail: string;
  /**
   * True when Karmada would also clear `spec.clusters` (a FitError: the
   * binding is patched to an empty placement).
   */
  readonly clearsPlacement: boolean;
  /** Per-cluster explanation of the failed attempt, when available. */
  explanation?: ClusterExplanation[];

  constructor(
    code: PlacementErrorCode,
    message: string,
    detail = message,
    reason: PlacementErrorReason = REASON_BY_CODE[code],
  ) {
    super(message);
    this.name = 'PlacementError';
    this.code = code;
    this.reason = reason;
    this.detail = detail;
    this.clearsPlacement = code === 'NoClusterFit';
  }

  /**
   * The same failure wrapped like Go's `fmt.Errorf("<prefix>: %w", err)`.
   * With `%v` only the text survives: Karmada no longer recognises the
   * error's type and reports the generic `SchedulerError`.
   */
  wrap(prefix: string, verb: '%w' | '%v' = '%w'): PlacementError {
    const wrapped = new PlacementError(
      this.code,
      `${prefix}: ${this.message}`,
      this.detail,
      verb === '%w' ? this.reason : 'SchedulerError',
    );
    wrapped.explanation = this.explanation;
    return wrapped;
  }
}

/** Capacity failure text (`dynamicDivideReplicas`). */
export function notEnoughReplicasMessage(availableReplicas: number): string {
  return `Clusters available replicas ${availableReplicas} are not enough to schedule.`;
}

/** Overflow tiers exhausted (no count in the text). */
export const OVERFLOW_NOT_ENOUGH_MESSAGE =
  'Clusters available replicas are not enough to schedule.';

export const NO_CLUSTERS_AVAILABLE_MESSAGE =
  'no clusters available to schedule';

export const SPREAD_MESSAGES = {
  clusterMinGroups:
    'the number of feasible clusters is less than spreadConstraint.MinGroups',
  regionMinGroups:
    'the number of feasible region is less than spreadConstraint.MinGroups',
  regionClusterMinGroups:
    'the number of clusters is less than the cluster spreadConstraint.MinGroups',
  onlyClusterAndRegion: 'just support cluster and region spread constraint',
  notEnoughResource: (clusterCount: number) =>
    `no enough resource when selecting ${clusterCount} clusters`,
} as const;

export function unsupportedStrategyMessage(
  replicaSchedulingType: string,
  replicaDivisionPreference: string,
): string {
  return `unsupported replica scheduling strategy, replicaSchedulingType: ${replicaSchedulingType}, replicaDivisionPreference: ${replicaDivisionPreference}, please try another scheduling strategy`;
}
