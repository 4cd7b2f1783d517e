import type { ScoredCluster } from '../candidates/scoredCluster';
import type { CandidateOrdering } from './types';

/** Highest total score first, then by name; every ordering's tie-break. */
export const byTotal = (a: ScoredCluster, b: ScoredCluster) =>
  b.total - a.total || a.cluster.name.localeCompare(b.cluster.name);

export const balancedOrdering: CandidateOrdering = {
  strategy: 'balanced',
  compare: byTotal,
};
