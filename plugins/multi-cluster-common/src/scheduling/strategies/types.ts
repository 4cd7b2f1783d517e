/**
 * Inputs and outputs shared by the replica assignment strategies.
 */
import type { Candidate } from '../candidates';
import type { KarmadaPlacement } from '../placement';
import type { NameOrder } from '../tieBreak';
import type { KarmadaRules } from '../versionRules';

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
  /**
   * spec.clusters, in order (may name clusters that are not candidates);
   * read only when a scale-down divides over every previous entry.
   */
  previousEntries?: readonly { name: string; replicas: number }[];
  /** The Karmada release's version-dependent rules (default: the newest). */
  rules?: KarmadaRules;
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
  /**
   * Previous clusters that are not candidates but keep replicas (a
   * scale-down over every previous entry), with their previous replicas.
   */
  departed?: { name: string; replicas: number; previous: number }[];
}

export type AssignStrategy = (input: AssignmentInput) => AssignmentOutcome;
