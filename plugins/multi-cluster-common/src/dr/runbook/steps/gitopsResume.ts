import type { GitopsObjects } from '../../failoverPlan';
import type { RunbookStep } from '../types';
import { gitopsObjectsOf, NO_GITOPS_OBJECTS } from './gitopsPause';

/**
 * After verify: resumes what the pause step paused, or leaves it paused as
 * the service declares (`flotilla.io/gitops-after-failover`), with a
 * finding either way. A rollback puts the service back where Git says it
 * runs, so it resumes.
 */
export const gitopsResumeStep: RunbookStep<'gitops-resume'> = {
  kind: 'gitops-resume',
  timeoutSeconds: 60,
  maxAttempts: 3,
  failover: ({ request }) => {
    const objects = gitopsObjectsOf(request.service);
    const afterFailover = request.service.gitopsAfterFailover ?? 'resume';
    return {
      title:
        afterFailover === 'resume' ? 'Resume GitOps' : 'Leave GitOps paused',
      description:
        afterFailover === 'resume'
          ? 'Restore the sync settings the pause step recorded.'
          : 'Leave the sync paused until Git points at the new clusters; say so.',
      params: { ...objects, afterFailover },
      skipReason:
        objects.argocdApp || objects.fluxKustomization
          ? undefined
          : NO_GITOPS_OBJECTS,
    };
  },
  rollback: ({ run }) => {
    const original = run.plan.steps.find(s => s.kind === 'gitops-resume');
    const objects = (original?.params as GitopsObjects | undefined) ?? {};
    return {
      title: 'Resume GitOps',
      description: 'Restore the sync settings recorded before the failover.',
      params: {
        ...(objects.argocdApp ? { argocdApp: objects.argocdApp } : {}),
        ...(objects.fluxKustomization
          ? { fluxKustomization: objects.fluxKustomization }
          : {}),
        afterFailover: 'resume',
      },
    };
  },
};
