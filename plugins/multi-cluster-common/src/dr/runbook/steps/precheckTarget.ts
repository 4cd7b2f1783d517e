import type { RunbookStep } from '../types';

/** The clusters receiving replicas are healthy and have room. */
export const precheckTargetStep: RunbookStep<'precheck-target'> = {
  kind: 'precheck-target',
  timeoutSeconds: 30,
  maxAttempts: 3,
  failover: ({ targets, split }) => ({
    title: `Check ${targets.join(', ')}`,
    description:
      'Each target is healthy and has room for the replicas it receives.',
    params: {
      targets: split.map(t => ({
        cluster: t.name,
        additionalReplicas: t.replicas,
      })),
    },
  }),
  rollback: ({ to, returned }) => ({
    title: `Check ${to.join(', ')}`,
    description: 'The original clusters are healthy and have room.',
    params: {
      targets: returned.map(m => ({
        cluster: m.cluster,
        additionalReplicas: m.after - m.before,
      })),
    },
  }),
};
