import type { RunbookStep } from '../types';

/** The clusters report the replicas the plan leaves them with. */
export const verifyStep: RunbookStep<'verify'> = {
  kind: 'verify',
  timeoutSeconds: 600,
  maxAttempts: 1,
  failover: ({ after, request }) => ({
    title: 'Verify',
    description: request.service.healthProbe
      ? 'The targets report the desired available replicas, the traffic provider reads back the new state and the health probe passes on each target.'
      : 'The targets report the desired available replicas.',
    params: {
      ...(request.service.healthProbe
        ? { healthProbe: request.service.healthProbe }
        : {}),
      expected: [...after.entries()]
        .filter(([, replicas]) => replicas > 0)
        .map(([cluster, replicas]) => ({ cluster, replicas }))
        .sort((a, b) => a.cluster.localeCompare(b.cluster)),
    },
  }),
  rollback: ({ moves, run }) => {
    const original = run.plan.steps.find(s => s.kind === 'verify');
    const healthProbe = (original?.params as { healthProbe?: string })
      ?.healthProbe;
    return {
      title: 'Verify',
      description: 'The clusters report the replicas of the rollback.',
      params: {
        ...(healthProbe ? { healthProbe } : {}),
        expected: moves
          .filter(m => m.after > 0)
          .map(m => ({ cluster: m.cluster, replicas: m.after })),
      },
    };
  },
};
