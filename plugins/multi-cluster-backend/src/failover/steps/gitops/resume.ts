import { StepContext, StepExecutor } from '../types';
import { suspendOf, suspendPatch, KustomizationObject } from './fluxParent';
import {
  ARGO_APPLICATIONS,
  FLUX_KUSTOMIZATIONS,
  gitopsClient,
  patchAtReadVersion,
} from './kube';
import {
  describeObject,
  Finding,
  PausedObject,
  readPauseOutput,
} from './records';
import { ArgoApplicationObject, restorePatch } from './syncPolicy';

const shown = (o: PausedObject) =>
  JSON.stringify(
    'syncPolicy' in o.restore ? o.restore.syncPolicy : o.restore.suspend,
  );

/** Writes back the value the pause recorded, exactly; answers the resourceVersion. */
function restore(ctx: StepContext, o: PausedObject) {
  return gitopsClient(ctx, o.cluster, `the recorded cluster`).then(client => {
    const at = {
      client,
      cluster: o.cluster,
      namespace: o.namespace,
      name: o.name,
    };
    if ('syncPolicy' in o.restore) {
      const recorded = o.restore.syncPolicy;
      return patchAtReadVersion<ArgoApplicationObject>(
        ctx,
        { ...at, resource: ARGO_APPLICATIONS },
        current => restorePatch(current, recorded),
      );
    }
    const recorded = o.restore.suspend;
    return patchAtReadVersion<KustomizationObject>(
      ctx,
      { ...at, resource: FLUX_KUSTOMIZATIONS },
      current =>
        suspendOf(current) === recorded ? undefined : suspendPatch(recorded),
    );
  });
}

function leftPaused(objects: PausedObject[]): Finding {
  return {
    severity: 'warning',
    message: `Left paused, as the DR declaration says (flotilla.io/gitops-after-failover: leave-paused): ${objects
      .map(describeObject)
      .join(
        ', ',
      )}. Git still describes the placement the service had before the failover, so resuming now would undo it; resume them once Git points at the new clusters (a rollback of this run restores the recorded settings)`,
  };
}

/**
 * gitops-resume: after verify, restores exactly what the run's gitops-pause
 * recorded (the service's objects first, then the parents that apply
 * them), or leaves them paused as the DR declaration says; a finding
 * either way.
 */
export const gitopsResume: StepExecutor = async ctx => {
  const { afterFailover } = ctx.step.params as {
    afterFailover: 'resume' | 'leave-paused';
  };
  const pause = ctx.run.steps.find(s => s.kind === 'gitops-pause');
  const objects = readPauseOutput(pause?.output).filter(o => o.paused);
  if (!objects.length) {
    return { skipped: 'the gitops-pause step of this run paused nothing' };
  }
  const refs = objects.map(o => ({
    kind: o.kind,
    cluster: o.cluster,
    namespace: o.namespace,
    name: o.name,
  }));
  if (afterFailover === 'leave-paused') {
    return {
      output: {
        afterFailover,
        leftPaused: refs,
        findings: [leftPaused(objects)],
      },
    };
  }
  const restored: (PausedObject & { resourceVersion?: string })[] = [];
  for (const o of objects) {
    const resourceVersion = await restore(ctx, o);
    restored.push({ ...o, ...(resourceVersion ? { resourceVersion } : {}) });
    await ctx.progress({ afterFailover, restored });
  }
  const findings: Finding[] = objects.map(o => ({
    severity: 'info',
    message: `Restored ${describeObject(o)}: ${
      'syncPolicy' in o.restore ? 'spec.syncPolicy' : 'spec.suspend'
    } is ${shown(o)} again, as recorded before the failover`,
  }));
  return { output: { afterFailover, restored, findings } };
};
