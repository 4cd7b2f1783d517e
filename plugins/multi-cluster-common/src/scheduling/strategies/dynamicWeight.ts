/**
 * DynamicWeight (`dynamicWeight: AvailableReplicas`): Webster over available
 * replicas, with Steady/Fresh handling of the previous result.
 */
import { divideByCapacity } from './capacityDivision';
import type { AssignStrategy } from './types';

export const assignDynamicWeight: AssignStrategy = input =>
  divideByCapacity(input, { aggregated: false });
