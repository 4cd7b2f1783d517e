/**
 * Duplicated: every candidate runs the full replica count; no capacity check.
 */
import type { AssignStrategy } from './types';

export const assignDuplicated: AssignStrategy = input => ({
  mode: 'duplicated',
  replicas: input.candidates.map(() => input.replicas),
});
