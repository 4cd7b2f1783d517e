import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import {
  FailoverPlan,
  inversePlan,
  NothingToRollBackError,
} from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { recordedReplicaChanges } from './recordedChanges';
import { actorOf } from '../history/MutationRecorder';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { AlreadyRolledBackError, IdempotencyClaim } from './FailoverStore';
import type { RunOrigin } from './FailoverRunCreation';
import { admitRun } from './runAdmission';
import { describeRun } from './runView';
import { ServicePlacement } from './ServicePlacement';
import { FailoverServiceOptions, MAX_REASON_LENGTH } from './serviceTypes';
import { FailoverRun } from './types';

/**
 * The rollback plan of a run from what it recorded it changed; a run that
 * changed nothing is a conflict with the run's state (409).
 */
function rollbackPlanOf(run: FailoverRun): FailoverPlan {
  try {
    return inversePlan(run, recordedReplicaChanges(run.changes ?? []));
  } catch (error) {
    if (error instanceof NothingToRollBackError) {
      throw new ConflictError(error.message);
    }
    throw error;
  }
}

/**
 * A rollback gives replicas back to clusters that must run them before the
 * others give theirs up: while one of those is unhealthy the rollback is
 * refused (409, with why), never planned from counts it cannot read.
 */
async function assertCanRaise(
  plan: FailoverPlan,
  inventory: FleetInventoryService,
): Promise<void> {
  const raised = plan.moves.filter(m => m.after > m.before);
  for (const move of raised) {
    const cluster = await inventory.getCluster(move.cluster);
    if (cluster?.health?.status === 'unhealthy') {
      throw new ConflictError(
        `${move.cluster} is unhealthy (${
          cluster.health.message ?? 'no reason given'
        }): the rollback must give it ${
          move.after - move.before
        } replica(s) back first; roll back once it is healthy again`,
      );
    }
  }
}

/**
 * Creates the rollback of a finished run: it reverses what the run
 * recorded it changed on each cluster (`inversePlan`), and creating it
 * marks the run rolled back, once.
 */
export class RollbackCreation {
  constructor(
    private readonly options: Pick<FailoverServiceOptions, 'store' | 'events'>,
    private readonly services: ServicePlacement,
    private readonly inventory: FleetInventoryService,
  ) {}

  /** `original` is described (see `describeRun`): it says whether it can be rolled back. */
  async create(
    original: FailoverRun,
    options: { reason?: string },
    credentials: BackstageCredentials,
    idempotency: IdempotencyClaim | undefined,
    origin: Omit<RunOrigin, 'targets'> = { actor: actorOf(credentials) },
  ): Promise<{ created: boolean; run: FailoverRun }> {
    const id = original.id;
    if (original.rolledBackBy) {
      throw new AlreadyRolledBackError(id, original.rolledBackBy);
    }
    if (!original.rollbackAvailable) {
      throw new ConflictError(
        original.dry
          ? `Run ${id} was a dry rehearsal; there is nothing to roll back`
          : `Run ${id} is ${original.status} and has not moved replicas; there is nothing to roll back`,
      );
    }
    await this.services.loadEntity(original.entityRef, credentials);
    const plan = rollbackPlanOf(original);
    await assertCanRaise(plan, this.inventory);
    const { actor } = origin;
    const { run, created } = await admitRun(
      this.options,
      {
        kind: 'rollback',
        entityRef: original.entityRef,
        reason: sanitizeForLog(
          options.reason ?? `rollback of ${id}`,
          MAX_REASON_LENGTH,
        ),
        actor,
        idempotency,
        rollbackOf: id,
        dry: false,
        plan,
        context: { ...original.context, requestedBy: actor },
        recordInTransaction: origin.recordInTransaction,
      },
      () => ({
        rollbackOf: id,
        from: plan.from,
        to: plan.to,
        movedReplicas: plan.movedReplicas,
      }),
    );
    return { created, run: describeRun(run) };
  }
}
