/**
 * Score of a group of clusters (a region), used to rank regions.
 */
import { Candidate, compareCandidates } from '../candidates';
import { MinHeap } from '../ordering';

/** Weight of one "replica-able" unit against the average cluster score. */
const UNIT_WEIGHT = 1000;

export interface GroupScoreInput {
  /** The group's clusters, in any order. */
  clusters: readonly Candidate[];
  replicas: number;
  /** Duplicated (or no replicaScheduling) scoring. */
  duplicated: boolean;
  /** Defaulted minGroups of the cluster and region constraints. */
  clusterMinGroups: number;
  regionMinGroups: number;
}

/**
 * Duplicated: clusters able to hold all replicas count, plus their average
 * score. Divided: walk the clusters in candidate order until at least
 * max(cluster, region minGroups) of them hold the per-group share
 * t = ceil(replicas / region minGroups); score t (or what the whole group
 * holds, if less) plus the average score of the clusters walked.
 */
export function groupScore(input: GroupScoreInput): number {
  const { clusters, replicas } = input;
  if (input.duplicated) {
    let valid = 0;
    let scoreSum = 0;
    for (const cluster of clusters) {
      if (cluster.available >= replicas) {
        valid++;
        scoreSum += cluster.score;
      }
    }
    if (valid === 0) return 0;
    return valid * UNIT_WEIGHT + Math.floor(scoreSum / valid);
  }

  const share = Math.ceil(replicas / input.regionMinGroups);
  const needed = Math.max(input.clusterMinGroups, input.regionMinGroups);
  let totalAvailable = 0;
  let totalScore = 0;
  for (const cluster of clusters) {
    totalAvailable += cluster.available;
    totalScore += cluster.score;
  }
  if (totalAvailable < share) {
    // The walk never stops early, so it covers every cluster.
    return (
      totalAvailable * UNIT_WEIGHT + Math.floor(totalScore / clusters.length)
    );
  }
  // Only the walk's prefix matters: take it from a heap, not a full sort.
  const heap = new MinHeap(clusters.slice(), compareCandidates);
  let availableSum = 0;
  let scoreSum = 0;
  let count = 0;
  while (heap.size > 0) {
    const cluster = heap.pop() as Candidate;
    availableSum += cluster.available;
    scoreSum += cluster.score;
    count++;
    if (count >= needed && availableSum >= share) break;
  }
  return share * UNIT_WEIGHT + Math.floor(scoreSum / count);
}
