import type { RunbookStep } from '../types';

/** The service's owners hear what happened. */
export const notifyStep: RunbookStep<'notify'> = {
  kind: 'notify',
  timeoutSeconds: 30,
  maxAttempts: 3,
  failover: ({ request }) => ({
    title: 'Notify owners',
    description: `Tell the owners of ${request.service.entityRef}.`,
    params: { entityRef: request.service.entityRef },
  }),
  rollback: ({ run }) => ({
    title: 'Notify owners',
    description: `Tell the owners of ${run.entityRef}.`,
    params: { entityRef: run.entityRef },
  }),
};
