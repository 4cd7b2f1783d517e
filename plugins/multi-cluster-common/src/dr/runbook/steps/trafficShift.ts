import type { RunbookStep } from '../types';

/**
 * Traffic follows the replicas through the service's traffic provider
 * (`flotilla.io/traffic-provider`), else the configured webhook. A rollback
 * restores exactly the state the run recorded before its shift.
 */
export const trafficShiftStep: RunbookStep<'traffic-shift'> = {
  kind: 'traffic-shift',
  timeoutSeconds: 120,
  maxAttempts: 3,
  failover: ({ request, targets }) => {
    const traffic = request.service.traffic;
    const provider = traffic?.provider ?? request.trafficProvider;
    return {
      title: 'Shift traffic',
      description: traffic
        ? `Point ${traffic.record} (${traffic.provider}) away from ${request.from}.`
        : `Point DNS / the global load balancer away from ${request.from}.`,
      params: {
        from: request.from,
        to: targets,
        ...(traffic
          ? { provider: traffic.provider, record: traffic.record }
          : {}),
      },
      skipReason: provider ? undefined : 'no traffic provider configured',
    };
  },
  rollback: ({ run, from, to }) => {
    const original = run.plan.steps.find(s => s.kind === 'traffic-shift');
    const { provider, record } = (original?.params ?? {}) as {
      provider?: string;
      record?: string;
    };
    return {
      title: 'Shift traffic back',
      description: `Restore the traffic state recorded before the failover: back to ${to.join(
        ', ',
      )}.`,
      params: {
        from,
        to,
        ...(provider && record ? { provider, record } : {}),
        rollbackOf: run.id,
      },
    };
  },
};
