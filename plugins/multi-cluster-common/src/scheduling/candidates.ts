/**
 * Candidates: clusters that passed filtering, with the numbers Karmada keeps
 * for them (locality score, estimator answer, previous replicas) and the
 * candidate order used by spread selection and capacity tie-breaks.
 */
import { CompiledRequest, estimateWithCompiledRequests } from './estimator';
import type { ClusterSnapshot } from './types';

/** ClusterLocality: 100 for clusters already in the previous result. */
export const LOCALITY_SCORE = 100;

/** Overflow order of a candidate that matches no tier (never happens for candidates). */
export const NO_OVERFLOW_TIER = 1000;

export interface Candidate {
  /** Position in the request's cluster list. */
  inputIndex: number;
  name: string;
  cluster: ClusterSnapshot;
  /** Sum of score plugins (only ClusterLocality contributes). */
  score: number;
  /** Estimator answer: how many more replicas fit (not counting its own). */
  allocatable: number;
  /** Replicas of this binding already on the cluster (0 if none). */
  previous: number;
  /** Position of the cluster in spec.clusters, or -1 when it is not there. */
  previousPosition: number;
  /** allocatable + previous. */
  available: number;
  /** 0 = primary affinity, i+1 = overflow tier i. */
  overflowOrder: number;
  /**
   * Position in the current ordering (candidate order during spread
   * selection, then the order handed to assignment); -1 while unordered.
   */
  rank: number;
}

/** Karmada's allocatable: the estimator answer, or the general estimator. */
export function allocatableReplicas(
  cluster: ClusterSnapshot,
  requests: readonly CompiledRequest[] | undefined,
): number {
  const reported = cluster.availableReplicas;
  // -1 means "unauthentic" in Karmada and is ignored.
  if (reported !== undefined && reported >= 0) return reported;
  return estimateWithCompiledRequests(cluster, requests);
}

/**
 * Candidate order: overflow order asc, score desc, available desc, name asc.
 */
export function compareCandidates(left: Candidate, right: Candidate): number {
  if (left.overflowOrder !== right.overflowOrder) {
    return left.overflowOrder - right.overflowOrder;
  }
  if (left.score !== right.score) return right.score - left.score;
  if (left.available !== right.available) {
    return right.available - left.available;
  }
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

/** Records each candidate's position in `list` as its rank. */
export function rankByPosition(list: readonly Candidate[]): void {
  for (let index = 0; index < list.length; index++) list[index].rank = index;
}

/** Sorts candidates into candidate order (in place), ranks and returns them. */
export function sortCandidates(candidates: Candidate[]): Candidate[] {
  candidates.sort(compareCandidates);
  rankByPosition(candidates);
  return candidates;
}
