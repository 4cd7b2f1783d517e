import { AdmissionRule } from '../types';

/**
 * A child whose source no longer runs the service (someone moved it, or
 * the service is gone) has nothing to move: skipped, saying why.
 */
export const nothingLeftToMove: AdmissionRule = (_child, fit) =>
  fit.kind === 'gone' ? { kind: 'skip', reason: fit.reason } : undefined;
