/**
 * Aggregated: like DynamicWeight, but only over the fewest clusters (largest
 * capacity first, clusters already in use first on scale-up) that can hold
 * the replicas.
 */
import { divideByCapacity } from './capacityDivision';
import type { AssignStrategy } from './types';

export const assignAggregated: AssignStrategy = input =>
  divideByCapacity(input, { aggregated: true });
