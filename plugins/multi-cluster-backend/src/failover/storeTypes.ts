import { ConflictError } from '@backstage/errors';
import type { FailoverPlan } from '@flotilla/plugin-multi-cluster-common';
import type { Knex } from 'knex';
import { FailoverRunContext, FailoverRunKind } from './types';

/** Thrown when an entity already has an unfinished failover. */
export class ActiveFailoverError extends ConflictError {
  constructor(readonly runId: string, entityRef: string) {
    super(`A failover of ${entityRef} is already in progress: ${runId}`);
  }
}

/** Thrown when a run already has its (one) rollback. */
export class AlreadyRolledBackError extends ConflictError {
  constructor(readonly runId: string, readonly rollbackId: string | undefined) {
    super(
      rollbackId
        ? `Run ${runId} has already been rolled back by run ${rollbackId}`
        : `Run ${runId} is not finished or has already been rolled back`,
    );
  }
}

/**
 * An idempotency key, scoped to the caller and the operation, with the hash
 * of the request it came with.
 */
export interface IdempotencyClaim {
  /** e.g. `user:default/jane|failover.create`. */
  scope: string;
  key: string;
  requestHash: string;
}

export interface NewFailoverRun {
  kind: FailoverRunKind;
  entityRef: string;
  reason: string;
  actor: string;
  idempotency?: IdempotencyClaim;
  /**
   * The run this one rolls back. Creating the rollback marks that run
   * rolled back, once: a second rollback fails with
   * {@link AlreadyRolledBackError}.
   */
  rollbackOf?: string;
  dry: boolean;
  plan: FailoverPlan;
  context: FailoverRunContext;
  /**
   * Writes of the caller that belong with the run (e.g. a region failover
   * recording the run on its child), in the run's transaction: the run and
   * they are committed together or not at all. Throwing refuses the run.
   */
  recordInTransaction?: (tx: Knex.Transaction, runId: string) => Promise<void>;
}

/** A claimed run: the lease token must accompany every write. */
export interface Lease {
  runId: string;
  owner: string;
}
