import { byTotal } from './balanced';
import type { CandidateOrdering } from './types';

/** Most room for the workload's replicas first. */
export const mostHeadroomOrdering: CandidateOrdering = {
  strategy: 'most-headroom',
  compare: (a, b) => b.capacity - a.capacity || byTotal(a, b),
};
