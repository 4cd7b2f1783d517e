import { byTotal } from './balanced';
import type { CandidateOrdering } from './types';

/** Lowest CPU-hour price first; clusters without one last. */
export const cheapestOrdering: CandidateOrdering = {
  strategy: 'cheapest',
  compare: (a, b) =>
    (a.cluster.costPerCpuHour ?? Infinity) -
      (b.cluster.costPerCpuHour ?? Infinity) || byTotal(a, b),
};
