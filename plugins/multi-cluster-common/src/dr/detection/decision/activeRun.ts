import type { DecisionRule } from './types';

/** A failover run of the service is unfinished: one move at a time. */
export const activeRunRule: DecisionRule = ({ service }) =>
  service.activeRunId
    ? {
        kind: 'held-back',
        code: 'active-run',
        reason: `Held back: failover run ${service.activeRunId} of it is still running`,
      }
    : undefined;
