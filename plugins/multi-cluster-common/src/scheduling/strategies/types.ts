/**
 * Inputs and outputs shared by the replica assignment strategies.
 */
import type { Candidate } from '../candidates';
import type { KarmadaPlacement } from '../placement';
import type { NameOrder } from '../tieBreak';

/** @public */
export type StrategyKind =
  | 'Duplicated'
  | 'StaticWeight'
  | 'DynamicWeight'
  | 'Aggregated';

export interface AssignmentInput {
  /**
   * Selected candidates; when `ordered`, in the order Karmada hands them over
   * (ranked). Their `previous`/`previousPosition` carry spec.clusters.
   */
  candidates: Candidate[];
  ordered: boolean;
  /** spec.replicas (or an overflow tier's share of it). */
  replicas: number;
  /** Placement after webhook defaulting. */
  placement: KarmadaPlacement;
  fresh: boolean;
  tieBreak: NameOrder;
}

export type AssignmentMode =
  | 'duplicated'
  | 'static-weight'
  | 'scale-up'
  | 'scale-down'
  | 'fresh'
  | 'unchanged';

/** Marker for "not a party of the division". */
export const NOT_A_PARTY = -1;

export interface AssignmentOutcome {
  mode: AssignmentMode;
  /** Replicas per candidate, aligned with `AssignmentInput.candidates`. */
  replicas: number[];
  /** Votes each candidate had in the Webster division, or NOT_A_PARTY. */
  weights?: number[];
  /** Sum of the votes of all parties. */
  weightTotal?: number;
  /** Replicas kept from the previous result (scale-up merges the delta onto them). */
  kept?: number[];
}

export type AssignStrategy = (input: AssignmentInput) => AssignmentOutcome;
