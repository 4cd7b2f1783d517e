import { balancedOrdering } from './balanced';
import { cheapestOrdering } from './cheapest';
import { lowestLatencyOrdering } from './lowestLatency';
import { mostHeadroomOrdering } from './mostHeadroom';
import type { CandidateOrdering } from './types';

/** Each ordering yields one candidate set, greedily, in that order. */
export const ORDERINGS: readonly CandidateOrdering[] = [
  balancedOrdering,
  cheapestOrdering,
  lowestLatencyOrdering,
  mostHeadroomOrdering,
];
