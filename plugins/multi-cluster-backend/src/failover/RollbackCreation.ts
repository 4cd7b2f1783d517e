import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import {
  FailoverPlan,
  inversePlan,
  NothingToRollBackError,
  ReplicaAssignment,
} from '@flotilla/plugin-multi-cluster-common';
import { actorOf } from '../history/MutationRecorder';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { AlreadyRolledBackError, IdempotencyClaim } from './FailoverStore';
import { assertSameRequest } from './idempotency';
import { describeRun } from './runView';
import { ServicePlacement } from './ServicePlacement';
import { FailoverServiceOptions, MAX_REASON_LENGTH } from './serviceTypes';
import { FailoverRun } from './types';

/**
 * The rollback plan of a run from the replicas now; a run with nothing
 * left to roll back is a conflict with the run's state (409).
 */
function rollbackPlanOf(
  run: FailoverRun,
  current: ReplicaAssignment,
): FailoverPlan {
  try {
    return inversePlan(run, current);
  } catch (error) {
    if (error instanceof NothingToRollBackError) {
      throw new ConflictError(error.message);
    }
    throw error;
  }
}

/**
 * Creates the rollback of a finished run: it moves back the replicas the
 * run moved, counted from the placement now (`inversePlan`), and creating
 * it marks the run rolled back, once.
 */
export class RollbackCreation {
  constructor(
    private readonly options: Pick<
      FailoverServiceOptions,
      'store' | 'events' | 'onCreated'
    >,
    private readonly services: ServicePlacement,
  ) {}

  /** `original` is described (see `describeRun`): it says whether it can be rolled back. */
  async create(
    original: FailoverRun,
    options: { reason?: string },
    credentials: BackstageCredentials,
    idempotency: IdempotencyClaim | undefined,
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
    // The replicas each cluster runs now, read at rollback time.
    const entity = await this.services.loadEntity(
      original.entityRef,
      credentials,
    );
    const { assignment } = await this.services.current(entity, credentials);
    const plan = rollbackPlanOf(original, assignment);
    const actor = actorOf(credentials);
    const { run, created, requestHash } = await this.options.store.createRun({
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
    });
    if (!created && idempotency) {
      assertSameRequest(idempotency, run, requestHash);
    }
    if (created) {
      await this.options.events.emit({
        runId: run.id,
        entityRef: run.entityRef,
        actor: run.actor,
        kind: run.kind,
        event: 'run.created',
        status: run.status,
        detail: {
          rollbackOf: id,
          from: plan.from,
          to: plan.to,
          movedReplicas: plan.movedReplicas,
        },
      });
      this.options.onCreated?.(run);
    }
    return { created, run: describeRun(run) };
  }
}
