import type { ReplicaMove } from '@flotilla/plugin-multi-cluster-common';
import { netChanges } from '../../recordedChanges';
import { StepContext, StepError, StepExecutor, StepResult } from '../types';
import { DirectScaling } from './directScaling';
import { KarmadaRuleShift } from './karmadaRules';
import { shiftInPhases, ShiftMethod } from './phases';

interface ShiftParams {
  method: 'karmada-override' | 'direct-scale';
  moves: ReplicaMove[];
  kubernetesId?: string;
  /** A rollback: reverse what this run changed. */
  rollbackOf?: string;
}

/**
 * Whether to lower the source without waiting for the targets: only when
 * the source is gone by the inventory's verdict (its replicas are gone with
 * it). Decided here and recorded on the run as the step's output.
 */
async function drainDecision(ctx: StepContext): Promise<string | undefined> {
  const source = await ctx.deps.inventory.getCluster(ctx.run.from);
  if (source?.health?.status !== 'unhealthy') return undefined;
  return `${ctx.run.from} is unhealthy (${
    source.health.message ?? 'no reason given'
  }): its replicas are gone, so it is drained without waiting for the targets`;
}

async function methodFor(
  ctx: StepContext,
  params: ShiftParams,
  kubernetesId: string,
): Promise<ShiftMethod> {
  const reverse = params.rollbackOf
    ? netChanges(await ctx.changes.ofRun(params.rollbackOf))
    : undefined;
  const forward = reverse ? {} : { moves: params.moves };
  if (params.method === 'direct-scale') {
    return new DirectScaling({
      ctx,
      kubernetesId,
      ...forward,
      reverse: reverse?.filter(c => c.kind === 'workload-replicas'),
    });
  }
  const target = ctx.run.context.karmada;
  const karmada = ctx.deps.karmada.find(k => k.name === target?.controlPlane);
  if (!target || !karmada) {
    throw new StepError(
      `Karmada control plane '${
        target?.controlPlane ?? '?'
      }' is not configured`,
      { retryable: false },
    );
  }
  return new KarmadaRuleShift({
    ctx,
    karmada,
    target,
    kubernetesId,
    ...forward,
    reverse: reverse?.filter(c => c.kind === 'override-rule'),
  });
}

/**
 * Moves the replicas, make before break: through Flotilla's Karmada
 * OverridePolicy when Karmada propagates the service, else by scaling its
 * workloads directly. Every change is recorded per cluster as it is made
 * (the run's `changes`); a rollback reverses those changes.
 */
export const shiftReplicas: StepExecutor = async (ctx): Promise<StepResult> => {
  const { run, step } = ctx;
  const params = step.params as ShiftParams;
  const kubernetesId = params.kubernetesId ?? run.context.kubernetesId;
  if (!kubernetesId) {
    throw new StepError(
      `${run.entityRef} has no backstage.io/kubernetes-id annotation`,
      { retryable: false },
    );
  }
  if (run.dry) {
    return {
      output: { dryRun: true, method: params.method, moves: params.moves },
    };
  }
  const drain = await drainDecision(ctx);
  if (drain)
    await ctx.progress({ decision: { drain: 'at-once', reason: drain } });
  const method = await methodFor(ctx, params, kubernetesId);
  const outcome = await shiftInPhases(ctx, method, { drainAtOnce: !!drain });
  const unreachable =
    method instanceof DirectScaling && method.unreachable.length
      ? { unreachableSources: method.unreachable }
      : {};
  return {
    output: {
      method: params.method,
      ...(drain ? { decision: { drain: 'at-once', reason: drain } } : {}),
      changes: outcome.changes.map(c => ({
        cluster: c.cluster,
        target: c.target,
        phase: c.phase,
        before: c.before,
        after: c.after,
        resourceVersion: c.resourceVersion,
      })),
      ...(outcome.targetsReadyAt
        ? { targetsReadyAt: outcome.targetsReadyAt }
        : {}),
      ...unreachable,
    },
  };
};
