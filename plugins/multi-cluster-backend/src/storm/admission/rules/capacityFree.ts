import { AdmissionRule } from '../types';

/**
 * A child is admitted only while the capacity it needs is free, as the
 * latest plan over the fleet says; it waits (while others run) otherwise.
 * Failbacks give replicas back where they ran: they are never short.
 */
export const capacityFree: AdmissionRule = (_child, fit) =>
  fit.kind === 'short'
    ? { kind: 'wait', status: 'waiting-capacity', reason: fit.reason }
    : undefined;
