import {
  type ReplicaMove,
  scaleUpFirst,
  splitReplicas,
} from '@flotilla/plugin-multi-cluster-common';
import { applyOverridePolicy, overridePolicyManifest } from './karmadaOverride';
import { scaleAtReadVersion } from '@flotilla/plugin-multi-cluster-node';
import { errorMessage, StepError, StepExecutor } from './types';
import { WorkloadRef } from '../types';

interface ShiftParams {
  method: 'karmada-override' | 'direct-scale';
  moves: ReplicaMove[];
  kubernetesId?: string;
}

/**
 * Moves the replicas: the Karmada OverridePolicy when Karmada propagates the
 * service, else direct scaling of its Deployments/StatefulSets. Desired
 * counts are absolute, so re-applying after a crash or retry is safe.
 */
export const shiftReplicas: StepExecutor = async ctx => {
  const { run, step, deps, signal } = ctx;
  const params = step.params as ShiftParams;
  const kubernetesId = params.kubernetesId ?? run.context.kubernetesId;
  if (!kubernetesId) {
    throw new StepError(
      `${run.entityRef} has no backstage.io/kubernetes-id annotation`,
      { retryable: false },
    );
  }

  if (params.method === 'karmada-override') {
    const target = run.context.karmada;
    const karmada = deps.karmada.find(k => k.name === target?.controlPlane);
    if (!target || !karmada) {
      throw new StepError(
        `Karmada control plane '${
          target?.controlPlane ?? '?'
        }' is not configured`,
        { retryable: false },
      );
    }
    if (run.dry) {
      return {
        output: {
          dryRun: true,
          wouldApply: overridePolicyManifest(
            target,
            kubernetesId,
            params.moves,
            run.id,
          ),
        },
      };
    }
    const applied = await applyOverridePolicy({
      karmada,
      target,
      kubernetesId,
      moves: params.moves,
      runId: run.id,
      signal,
      timeoutMs: ctx.timeoutMs,
    });
    return {
      output: { method: params.method, moves: params.moves, ...applied },
    };
  }

  // Direct scaling: targets up first, then sources down.
  const ordered = scaleUpFirst(params.moves);
  const known = new Map<string, WorkloadRef>();
  for (const w of run.context.workloads) {
    known.set(`${w.namespace}/${w.kind}/${w.name}`, w);
  }
  const scaled: unknown[] = [];
  const deferred: unknown[] = [];
  for (const move of ordered) {
    if (signal.aborted) throw signal.reason;
    const plan = async () => {
      let workloads = await deps.workloads.listWorkloads(
        move.cluster,
        { kubernetesId, namespace: run.context.namespace },
        { signal, timeoutMs: ctx.timeoutMs },
      );
      if (workloads.length === 0) {
        workloads = [...known.values()].map(w => ({
          ...w,
          cluster: move.cluster,
          readyReplicas: 0,
        }));
      }
      if (workloads.length === 0) {
        throw new StepError(
          `no workloads labelled backstage.io/kubernetes-id=${kubernetesId} in ${move.cluster}`,
          { retryable: false },
        );
      }
      const counts = splitReplicas(move.after, workloads.length);
      return workloads.map((w, i) => ({
        cluster: move.cluster,
        namespace: w.namespace,
        kind: w.kind,
        name: w.name,
        replicas: counts[i],
      }));
    };
    try {
      const targets = await plan();
      if (run.dry) {
        scaled.push(...targets.map(t => ({ ...t, dryRun: true })));
        continue;
      }
      // With the cluster's client the patch carries the resourceVersion it
      // read; without one, WorkloadService reports why it cannot scale.
      const client = deps.clients?.forCluster(
        move.cluster,
        await deps.inventory.getAccess(move.cluster),
      );
      for (const t of targets) {
        if (client) {
          const result = await scaleAtReadVersion(client, t, {
            signal,
            timeoutMs: ctx.timeoutMs,
            conflictRetries: deps.conflictRetries ?? 3,
          });
          scaled.push({ ...t, ...result, source: 'kubernetes' });
        } else {
          scaled.push(await deps.workloads.scaleWorkload(move.cluster, t));
        }
      }
    } catch (error) {
      if (error instanceof StepError) throw error;
      // The failed source may be unreachable: record and go on; its
      // replicas are gone either way, and a rollback scales it back.
      if (move.cluster === run.from && move.after === 0) {
        deferred.push({ cluster: move.cluster, error: errorMessage(error) });
        continue;
      }
      throw error;
    }
  }
  return {
    output: {
      method: params.method,
      ...(run.dry ? { dryRun: true } : {}),
      scaled,
      ...(deferred.length ? { unreachableSources: deferred } : {}),
    },
  };
};
