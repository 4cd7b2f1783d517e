import type { FailoverPlan, ReplicaMove } from './failoverPlan';
import { rollbackSteps } from './runbook/runbookSteps';

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
 * What a run changed on one cluster, from its record of changes: the
 * service's replicas there before and after the run.
 *
 * @public
 */
export interface RecordedReplicaChange {
  cluster: string;
  before: number;
  after: number;
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
 * A run that has nothing to roll back: it changed no cluster, or its
 * changes left every count as it was. The message says so, for the user.
 *
 * @public
 */
export class NothingToRollBackError extends Error {
  readonly name = 'NothingToRollBackError';
}

/**
 * The replicas a rollback moves: what the run recorded it changed on each
 * cluster, reversed. Only recorded changes count, never a count read
 * elsewhere: a cluster the run did not change is not touched, and a run
 * that changed nothing moves nothing. The rollback's shift applies the
 * reversal relative to what each cluster runs when it executes.
 *
 * @public
 */
export function rollbackMoves(changes: RecordedReplicaChange[]): RollbackMoves {
  const moves = changes
    .filter(c => c.after !== c.before)
    .map(c => ({ cluster: c.cluster, before: c.after, after: c.before }))
    .sort((a, b) =>
      a.cluster < b.cluster ? -1 : Number(a.cluster > b.cluster),
    );
  const taken = moves.filter(m => m.after < m.before);
  const returned = moves.filter(m => m.after > m.before);
  return {
    moves,
    moved: returned.reduce((sum, m) => sum + m.after - m.before, 0),
    taken,
    returned,
  };
}

/**
 * Builds the rollback runbook of a run from what it recorded it changed
 * ({@link rollbackMoves}): fail back those changes, make before break.
 * Each step keeps the original step's timeout, attempts and skip reason.
 * Throws {@link NothingToRollBackError} when the run changed nothing.
 *
 * @public
 */
export function inversePlan(
  run: RollbackSource,
  changes: RecordedReplicaChange[],
): FailoverPlan {
  const { moves, moved, taken, returned } = rollbackMoves(changes);
  if (!moves.length) {
    throw new NothingToRollBackError(
      `Run ${run.id} changed no cluster's replicas: there is nothing to roll back`,
    );
  }
  const from = (taken[0] ?? moves[0]).cluster;
  const to = returned.map(m => m.cluster);
  const steps = rollbackSteps({ run, from, to, moved, moves, returned });
  return {
    entityRef: run.entityRef,
    from,
    to,
    targetChosenBy: 'request',
    movedReplicas: moved,
    method: run.plan.method,
    moves,
    steps,
  };
}
