import type { RunbookStep } from '../types';

/** The Argo CD application catches up with the move, when there is one. */
export const gitopsSyncStep: RunbookStep<'gitops-sync'> = {
  kind: 'gitops-sync',
  timeoutSeconds: 300,
  maxAttempts: 3,
  failover: ({ request }) => ({
    title: 'Sync Argo CD',
    description:
      'Sync the Argo CD application on the target and wait until it is Synced and Healthy.',
    params: { application: request.service.argocdApp },
    skipReason: request.service.argocdApp
      ? undefined
      : 'no Argo CD application configured (flotilla.io/argocd-app)',
  }),
  rollback: ({ run }) => ({
    title: 'Sync Argo CD',
    description: 'Sync the Argo CD application.',
    params: { application: run.context.argocdApp },
  }),
};
