import type { RunbookStep } from '../types';

/** Traffic follows the replicas, when a traffic provider is configured. */
export const trafficShiftStep: RunbookStep<'traffic-shift'> = {
  kind: 'traffic-shift',
  timeoutSeconds: 120,
  maxAttempts: 3,
  failover: ({ request, targets }) => ({
    title: 'Shift traffic',
    description: `Point DNS / the global load balancer away from ${request.from}.`,
    params: { from: request.from, to: targets },
    skipReason: request.trafficProvider
      ? undefined
      : 'no traffic provider configured',
  }),
  rollback: ({ from, to }) => ({
    title: 'Shift traffic back',
    description: `Point traffic back to ${to.join(', ')}.`,
    params: { from, to },
  }),
};
