import {
  estimateAvailableReplicas,
  failoverTargetProblem,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { FailoverRun } from '../types';
import { StepDeps, StepError, StepExecutor } from './types';

/**
 * The targets a Karmada-propagated service's ResourceBindings do not
 * schedule to. Karmada creates Works only for scheduled clusters, and the
 * failover's OverridePolicy can only resize a Work, so such a target would
 * never get a replica. Unknown (no binding found): none are reported.
 */
async function targetsWithoutWork(
  run: FailoverRun,
  deps: StepDeps,
  targets: string[],
  signal: AbortSignal,
): Promise<{ missing: string[]; scheduled: string[] }> {
  const karmadaTarget = run.context.karmada;
  const karmada = deps.karmada.find(
    k => k.name === karmadaTarget?.controlPlane,
  );
  if (!karmadaTarget || !karmada) return { missing: [], scheduled: [] };
  const bindings = await karmada.listResourceBindings(
    karmadaTarget.namespace,
    signal,
  );
  const ours = bindings.filter(b =>
    karmadaTarget.resources.some(
      r =>
        b?.spec?.resource?.kind === r.kind &&
        b?.spec?.resource?.name === r.name,
    ),
  );
  if (ours.length === 0) return { missing: [], scheduled: [] };
  const scheduled = new Set<string>(
    ours.flatMap(b =>
      (b.spec?.clusters ?? []).map((c: { name: string }) => c.name),
    ),
  );
  return {
    missing: targets.filter(t => !scheduled.has(t)),
    scheduled: [...scheduled].sort(),
  };
}

/**
 * Each target is in the fleet, not unhealthy, has room for its replicas,
 * and (for a Karmada-propagated service) has a Work the move can resize.
 */
export const precheckTarget: StepExecutor = async ({
  run,
  step,
  deps,
  signal,
}) => {
  const { targets } = step.params as {
    targets: { cluster: string; additionalReplicas: number }[];
  };
  const withoutWork = await targetsWithoutWork(
    run,
    deps,
    targets.map(t => t.cluster),
    signal,
  );
  if (withoutWork.missing.length > 0) {
    throw new StepError(
      `Karmada schedules ${run.context.kubernetesId ?? 'this service'} to ${
        withoutWork.scheduled.join(', ') || 'no cluster'
      } only, so ${withoutWork.missing.join(
        ', ',
      )} has no Work an OverridePolicy could give replicas to: add it to the service's placement (a warm standby) first`,
      { retryable: false },
    );
  }
  const checked = [];
  for (const t of targets) {
    const cluster = await deps.inventory.getCluster(t.cluster);
    if (!cluster) {
      throw new StepError(`target ${t.cluster} is not in the fleet`, {
        retryable: false,
      });
    }
    const profile = toClusterProfile(cluster);
    const problem = failoverTargetProblem(profile);
    if (problem) throw new StepError(problem);
    let room: number | undefined;
    if (profile.resourceSummary) {
      room = estimateAvailableReplicas(
        profile,
        run.context.resourceRequest
          ? { resourceRequest: run.context.resourceRequest }
          : undefined,
      );
      if (room < t.additionalReplicas) {
        throw new StepError(
          `target ${t.cluster} has room for ${room} replica(s) but must take ${t.additionalReplicas}`,
        );
      }
    }
    checked.push({
      cluster: t.cluster,
      health: cluster.health.status,
      evidence: cluster.health.evidence,
      additionalReplicas: t.additionalReplicas,
      room: room ?? 'unknown',
    });
  }
  return { output: { targets: checked } };
};
