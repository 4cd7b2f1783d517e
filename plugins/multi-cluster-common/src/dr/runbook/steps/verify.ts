import type { RunbookStep } from '../types';

/** The clusters report the replicas the plan leaves them with. */
export const verifyStep: RunbookStep<'verify'> = {
  kind: 'verify',
  timeoutSeconds: 600,
  maxAttempts: 1,
  failover: ({ after }) => ({
    title: 'Verify',
    description: 'The targets report the desired available replicas.',
    params: {
      expected: [...after.entries()]
        .filter(([, replicas]) => replicas > 0)
        .map(([cluster, replicas]) => ({ cluster, replicas }))
        .sort((a, b) => a.cluster.localeCompare(b.cluster)),
    },
  }),
  rollback: ({ moves }) => ({
    title: 'Verify',
    description: 'The clusters report the replicas of the rollback.',
    params: {
      expected: moves
        .filter(m => m.after > 0)
        .map(m => ({ cluster: m.cluster, replicas: m.after })),
    },
  }),
};
