import type { ScoredCluster } from '../candidates/scoredCluster';
import type { ScoringContext } from '../types';

/** One way to rank the eligible clusters; each yields one candidate set. */
export interface CandidateOrdering {
  /** Reported as the recommendation's strategy. */
  strategy: string;
  compare(a: ScoredCluster, b: ScoredCluster, context: ScoringContext): number;
}
