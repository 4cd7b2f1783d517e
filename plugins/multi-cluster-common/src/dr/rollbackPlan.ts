import type { FailoverPlan, FailoverStep, ReplicaMove } from './failoverPlan';
import type { ReplicaAssignment } from './posture';

/**
 * A run as rollback planning needs it: the plan it executed and what it
 * recorded of the service when it was created.
 *
 * @public
 */
export interface RollbackSource {
  id: string;
  entityRef: string;
  plan: FailoverPlan;
  context: { kubernetesId?: string; argocdApp?: string };
}

/**
 * The replicas of a rollback, from {@link rollbackMoves}.
 *
 * @public
 */
export interface RollbackMoves {
  /** Every cluster whose replicas change, sorted by name. */
  moves: ReplicaMove[];
  /** Replicas moved back in total. */
  moved: number;
  /** The clusters that give replicas back. */
  taken: ReplicaMove[];
  /** The clusters that get replicas back. */
  returned: ReplicaMove[];
}

/**
 * A run that has nothing left to roll back: its targets no longer hold the
 * replicas it moved. The message says so, for the user.
 *
 * @public
 */
export class NothingToRollBackError extends Error {
  readonly name = 'NothingToRollBackError';
}

/**
 * The replicas a rollback moves: the run's recorded change reversed (each
 * cluster that gained replicas gives them back, each that lost some gets
 * them back), bounded by what the gaining clusters hold now. Totals are
 * conserved: what is taken is exactly what is given back.
 *
 * @public
 */
export function rollbackMoves(
  run: Pick<RollbackSource, 'plan'>,
  current: ReplicaAssignment,
): RollbackMoves {
  const now = new Map(current.map(c => [c.name, Math.max(0, c.replicas)]));
  const gained = run.plan.moves.filter(m => m.after > m.before);
  const lost = run.plan.moves.filter(m => m.before > m.after);
  const takeable = gained.map(m => ({
    cluster: m.cluster,
    n: Math.min(m.after - m.before, now.get(m.cluster) ?? 0),
  }));
  const moved = Math.min(
    takeable.reduce((sum, t) => sum + t.n, 0),
    lost.reduce((sum, m) => sum + m.before - m.after, 0),
  );
  const delta = new Map<string, number>();
  let toTake = moved;
  for (const t of takeable) {
    const n = Math.min(t.n, toTake);
    toTake -= n;
    if (n) delta.set(t.cluster, -n);
  }
  let toGive = moved;
  for (const m of lost) {
    const n = Math.min(m.before - m.after, toGive);
    toGive -= n;
    if (n) delta.set(m.cluster, n);
  }
  const moves = [...delta.entries()]
    .sort(([a], [b]) => (a < b ? -1 : Number(a > b)))
    .map(([cluster, change]) => {
      const before = now.get(cluster) ?? 0;
      return { cluster, before, after: before + change };
    });
  return {
    moves,
    moved,
    taken: moves.filter(m => m.after < m.before),
    returned: moves.filter(m => m.after > m.before),
  };
}

/**
 * Builds the rollback runbook of a run: fail back the replicas it moved,
 * from the clusters' replicas now (`current`), never from the absolute
 * counts recorded when the run was planned (they are stale by then). Each
 * step keeps the original step's timeout, attempts and skip reason. Throws
 * {@link NothingToRollBackError} when no replica can be moved back.
 *
 * @public
 */
export function inversePlan(
  run: RollbackSource,
  current: ReplicaAssignment,
): FailoverPlan {
  const plan = run.plan;
  const { moves, moved, taken, returned } = rollbackMoves(run, current);
  if (moved === 0) {
    throw new NothingToRollBackError(
      `Run ${run.id} has nothing left to roll back: ${
        plan.to.join(', ') || 'its targets'
      } no longer hold the replicas it moved`,
    );
  }
  const from = taken[0].cluster;
  const to = returned.map(m => m.cluster);
  const template = new Map(plan.steps.map(s => [s.kind, s]));
  const base = (kind: FailoverStep['kind']) => {
    const s = template.get(kind)!;
    return {
      kind,
      timeoutSeconds: s.timeoutSeconds,
      maxAttempts: s.maxAttempts,
      ...(s.skipReason ? { skipReason: s.skipReason } : {}),
    };
  };
  const steps: FailoverStep[] = [
    {
      ...base('precheck-source'),
      title: `Check ${from}`,
      description: `Record the health of ${from} (fail back: forced).`,
      params: { cluster: from, force: true },
    },
    {
      ...base('precheck-target'),
      title: `Check ${to.join(', ')}`,
      description: 'The original clusters are healthy and have room.',
      params: {
        targets: returned.map(m => ({
          cluster: m.cluster,
          additionalReplicas: m.after - m.before,
        })),
      },
    },
    {
      ...base('shift-replicas'),
      title: `Fail back ${moved} replica(s) to ${to.join(', ')}`,
      description:
        'Move back the replicas the run moved, counted from the replicas each cluster runs now.',
      params: {
        method: plan.method,
        moves,
        kubernetesId: run.context.kubernetesId,
      },
    },
    {
      ...base('gitops-sync'),
      title: 'Sync Argo CD',
      description: 'Sync the Argo CD application.',
      params: { application: run.context.argocdApp },
    },
    {
      ...base('traffic-shift'),
      title: 'Shift traffic back',
      description: `Point traffic back to ${to.join(', ')}.`,
      params: { from, to },
    },
    {
      ...base('verify'),
      title: 'Verify',
      description: 'The clusters report the replicas of the rollback.',
      params: {
        expected: moves
          .filter(m => m.after > 0)
          .map(m => ({ cluster: m.cluster, replicas: m.after })),
      },
    },
    {
      ...base('notify'),
      title: 'Notify owners',
      description: `Tell the owners of ${run.entityRef}.`,
      params: { entityRef: run.entityRef },
    },
  ].map((s, i) => ({ ...s, order: i + 1 })) as FailoverStep[];
  return {
    entityRef: run.entityRef,
    from,
    to,
    targetChosenBy: 'request',
    movedReplicas: moved,
    method: plan.method,
    moves,
    steps,
  };
}
