import type { GitopsObjects } from '../../failoverPlan';
import type { ServiceDrSpec } from '../../service';
import type { RunbookStep } from '../types';

/** The GitOps objects a service declares, for the pause and resume steps. */
export function gitopsObjectsOf(service: ServiceDrSpec): GitopsObjects {
  return {
    ...(service.argocdApp ? { argocdApp: service.argocdApp } : {}),
    ...(service.fluxKustomization
      ? { fluxKustomization: service.fluxKustomization }
      : {}),
  };
}

export const NO_GITOPS_OBJECTS =
  'no Argo CD application (flotilla.io/argocd-app) or Flux Kustomization (flotilla.io/flux-kustomization) declared';

function describe(objects: GitopsObjects): string {
  return (
    [
      objects.argocdApp &&
        `the automated sync of Argo CD application ${objects.argocdApp}`,
      objects.fluxKustomization &&
        `Flux Kustomization ${objects.fluxKustomization}`,
    ]
      .filter(Boolean)
      .join(' and ') || 'nothing'
  );
}

/**
 * Pauses what would revert the move (an Argo CD automated sync, a Flux
 * reconciliation) before anything changes; a rollback pauses again.
 */
export const gitopsPauseStep: RunbookStep<'gitops-pause'> = {
  kind: 'gitops-pause',
  timeoutSeconds: 60,
  maxAttempts: 3,
  failover: ({ request }) => {
    const params = gitopsObjectsOf(request.service);
    return {
      title: 'Pause GitOps',
      description: `Pause ${describe(
        params,
      )} so it does not undo the failover.`,
      params,
      skipReason:
        params.argocdApp || params.fluxKustomization
          ? undefined
          : NO_GITOPS_OBJECTS,
    };
  },
  rollback: ({ run }) => {
    const original = run.plan.steps.find(s => s.kind === 'gitops-pause');
    const params = (original?.params as GitopsObjects | undefined) ?? {
      ...(run.context.argocdApp ? { argocdApp: run.context.argocdApp } : {}),
    };
    return {
      title: 'Pause GitOps',
      description: `Pause ${describe(
        params,
      )} so it does not undo the rollback.`,
      params,
    };
  },
};
