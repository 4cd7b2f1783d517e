import { meanUserLatency } from '../scorers/latencyScorer';
import { byTotal } from './balanced';
import type { CandidateOrdering } from './types';

/** Lowest mean latency to the workload's users first; unmeasured last. */
export const lowestLatencyOrdering: CandidateOrdering = {
  strategy: 'lowest-latency',
  compare: (a, b, context) =>
    (meanUserLatency(a.cluster, context) ?? Infinity) -
      (meanUserLatency(b.cluster, context) ?? Infinity) || byTotal(a, b),
};
