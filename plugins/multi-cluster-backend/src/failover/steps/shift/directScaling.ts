import {
  type ReplicaMove,
  splitReplicas,
} from '@flotilla/plugin-multi-cluster-common';
import {
  scaleAtReadVersion,
  type WorkloadKind,
} from '@flotilla/plugin-multi-cluster-node';
import type { ClusterChange } from '../../ChangeJournal';
import { landed, type NetChange } from '../../recordedChanges';
import { WorkloadRef } from '../../types';
import { errorMessage, StepContext, StepError } from '../types';
import type {
  PlannedChange,
  ShiftMethod,
  ShiftPhase,
  WrittenTarget,
} from './phases';

/** `<namespace>/<Kind>/<name>`: how a workload is recorded. */
export function workloadTarget(
  w: Pick<WorkloadRef, 'namespace' | 'kind' | 'name'>,
) {
  return `${w.namespace}/${w.kind}/${w.name}`;
}

function workloadOf(target: string) {
  const [namespace, kind, name] = target.split('/');
  return { namespace, kind: kind as WorkloadKind, name };
}

interface DirectScalingOptions {
  ctx: StepContext;
  kubernetesId: string;
  /** The forward shift's moves; absent for a rollback. */
  moves?: ReplicaMove[];
  /** For a rollback: the original run's workload changes. */
  reverse?: NetChange[];
}

/**
 * Moves replicas by scaling the service's Deployments and StatefulSets in
 * each cluster, with the resourceVersion each was read at. A rollback reads
 * each workload the run changed and moves it back by what the run changed;
 * a workload it cannot read fails the attempt (retried, then the run fails
 * saying which): it never writes a count it could not read.
 */
export class DirectScaling implements ShiftMethod {
  /** Sources the shift could not reach: drained at once, their replicas gone. */
  readonly unreachable: { cluster: string; error: string }[] = [];

  constructor(private readonly options: DirectScalingOptions) {}

  async plan(phase: ShiftPhase): Promise<PlannedChange[]> {
    if (this.options.reverse) return this.reversed(phase);
    const moves = (this.options.moves ?? []).filter(m =>
      phase === 'raise' ? m.after > m.before : m.after < m.before,
    );
    const planned: PlannedChange[] = [];
    for (const move of moves)
      planned.push(...(await this.planMove(move, phase)));
    return planned;
  }

  async apply(
    _phase: ShiftPhase,
    changes: ClusterChange[],
  ): Promise<WrittenTarget[]> {
    const written: WrittenTarget[] = [];
    for (const change of changes.filter(c => c.status !== 'applied')) {
      const result = await this.scale(change.cluster, {
        ...workloadOf(change.target),
        replicas: change.after ?? 0,
      });
      written.push({ target: change.target, resourceVersion: result });
    }
    return written;
  }

  private async planMove(
    move: ReplicaMove,
    phase: ShiftPhase,
  ): Promise<PlannedChange[]> {
    const { ctx } = this.options;
    let workloads: WorkloadRef[];
    try {
      workloads = await this.workloadsIn(move.cluster);
    } catch (error) {
      if (error instanceof StepError) throw error;
      // The failed source is gone: nothing to write there, its replicas
      // are gone with it. Recorded as the run's decision.
      if (
        phase === 'lower' &&
        move.cluster === ctx.run.from &&
        move.after === 0
      ) {
        this.unreachable.push({
          cluster: move.cluster,
          error: errorMessage(error),
        });
        return [];
      }
      throw error;
    }
    const counts = splitReplicas(move.after, workloads.length);
    return workloads.map((w, i) => ({
      cluster: move.cluster,
      kind: 'workload-replicas' as const,
      target: workloadTarget(w),
      phase,
      before: w.replicas,
      after: counts[i],
    }));
  }

  private async reversed(phase: ShiftPhase): Promise<PlannedChange[]> {
    const planned: PlannedChange[] = [];
    for (const net of this.options.reverse ?? []) {
      const current = await this.currentReplicas(net);
      if (!landed(net, current)) continue;
      const delta = (net.after ?? 0) - (net.before ?? 0);
      const after = Math.max(0, current - delta);
      const ofPhase = after > current ? 'raise' : 'lower';
      if (after === current || ofPhase !== phase) continue;
      planned.push({
        cluster: net.cluster,
        kind: 'workload-replicas',
        target: net.target,
        phase,
        before: current,
        after,
      });
    }
    return planned;
  }

  /** What a workload the run changed runs now; unreadable fails the attempt. */
  private async currentReplicas(net: NetChange): Promise<number> {
    const ref = workloadOf(net.target);
    let listed: WorkloadRef[];
    try {
      listed = await this.workloadsIn(net.cluster);
    } catch (error) {
      throw new StepError(
        `cannot read ${net.target} in ${net.cluster} (${errorMessage(
          error,
        )}): the rollback changes a workload only after reading it`,
      );
    }
    const found = listed.find(w => workloadTarget(w) === workloadTarget(ref));
    if (!found) {
      throw new StepError(`${net.target} no longer exists in ${net.cluster}`, {
        retryable: false,
      });
    }
    return found.replicas;
  }

  /** The service's workloads in a cluster (the ones known when the run started, where none are seen). */
  private async workloadsIn(cluster: string): Promise<WorkloadRef[]> {
    const { ctx, kubernetesId } = this.options;
    const seen = await ctx.deps.workloads.listWorkloads(
      cluster,
      { kubernetesId, namespace: ctx.run.context.namespace },
      { signal: ctx.signal, timeoutMs: ctx.timeoutMs },
    );
    if (seen.length) return seen;
    const known = new Map<string, WorkloadRef>();
    for (const w of ctx.run.context.workloads) {
      known.set(workloadTarget(w), { ...w, cluster, replicas: 0 });
    }
    if (!known.size) {
      throw new StepError(
        `no workloads labelled backstage.io/kubernetes-id=${kubernetesId} in ${cluster}`,
        { retryable: false },
      );
    }
    return [...known.values()];
  }

  /** Scales one workload, with the resourceVersion it reads; answers the new one. */
  private async scale(
    cluster: string,
    target: {
      namespace: string;
      kind: WorkloadKind;
      name: string;
      replicas: number;
    },
  ): Promise<string | undefined> {
    const { deps, signal, timeoutMs } = this.options.ctx;
    const client = deps.clients?.forCluster(
      cluster,
      await deps.inventory.getAccess(cluster),
    );
    if (!client) {
      await deps.workloads.scaleWorkload(cluster, target);
      return undefined;
    }
    const result = await scaleAtReadVersion(client, target, {
      signal,
      timeoutMs,
      conflictRetries: deps.conflictRetries ?? 3,
    });
    return result.resourceVersion;
  }
}
