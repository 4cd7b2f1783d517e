import { StepExecutor } from '../types';
import { pauseArgoApplication } from './pauseArgo';
import { pauseFluxKustomization } from './pauseFlux';
import { leftPausedByOriginal, PauseJournal } from './pauseJournal';

/**
 * gitops-pause: before anything moves, pauses what would move it back (an
 * Argo CD automated sync, a Flux Kustomization and its parents), recording
 * each object's previous setting before writing it. Without the cluster
 * to do it on (`multiCluster.failover.{argocd,flux}.cluster`) it cannot,
 * and says so: skipped when it paused nothing, a warning finding otherwise.
 */
export const gitopsPause: StepExecutor = async ctx => {
  const params = ctx.step.params as {
    argocdApp?: string;
    fluxKustomization?: string;
  };
  const config = ctx.deps.config.gitops ?? {};
  const journal = new PauseJournal(ctx, await leftPausedByOriginal(ctx));
  const cannot: string[] = [];
  if (params.argocdApp) {
    if (config.argocd) {
      await pauseArgoApplication(ctx, journal, config.argocd, params.argocdApp);
    } else {
      cannot.push(
        'the Argo CD automated sync (multiCluster.failover.argocd.cluster is not configured)',
      );
    }
  }
  if (params.fluxKustomization) {
    if (config.flux) {
      await pauseFluxKustomization(
        ctx,
        journal,
        config.flux,
        params.fluxKustomization,
      );
    } else {
      cannot.push(
        'the Flux Kustomization (multiCluster.failover.flux.cluster is not configured)',
      );
    }
  }
  if (!journal.objects.length) {
    return { skipped: `cannot pause ${cannot.join(' or ') || 'anything'}` };
  }
  for (const what of cannot) {
    journal.finding(
      'warning',
      `cannot pause ${what}: it may revert the failover`,
    );
  }
  journal.finding('info', journal.summary());
  return { output: { ...journal.output() } };
};
