import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  multiClusterFailoverExecutePermission,
  multiClusterFailoverReadPermission,
  type RecoveryHistory,
} from '@flotilla/plugin-multi-cluster-common';
import { actorOf } from '../history/MutationRecorder';
import { DrPostureReader } from './DrPostureReader';
import { RecoveryHistoryReader } from './recoveryHistory';
import { FailoverAccess, normalizeEntityRef } from './FailoverAccess';
import { FailoverRunCreation } from './FailoverRunCreation';
import { idempotencyClaim, replayingOnConflict } from './idempotency';
import { RollbackCreation } from './RollbackCreation';
import { requestRunCancel } from './runCancellation';
import { describeRun } from './runView';
import { ServicePlacement } from './ServicePlacement';
import {
  CreateResult,
  FailoverRequest,
  FailoverServiceOptions,
} from './serviceTypes';
import { FailoverRun, FailoverRunKind } from './types';

export { ANNOTATION_HEALTH_URL } from './FailoverRunCreation';
export { hashRequest, IdempotencyKeyReusedError } from './idempotency';
export { describeRun } from './runView';
export type {
  CreateResult,
  DependencyReader,
  FailoverRequest,
  FailoverServiceOptions,
  PlacementReader,
} from './serviceTypes';

/** @public */
export interface FailoverService {
  create(
    request: FailoverRequest,
    credentials: BackstageCredentials,
  ): Promise<CreateResult>;
  get(id: string, credentials: BackstageCredentials): Promise<FailoverRun>;
  list(
    query: { entityRef?: string; kind?: FailoverRunKind; limit?: number },
    credentials: BackstageCredentials,
  ): Promise<FailoverRun[]>;
  cancel(id: string, credentials: BackstageCredentials): Promise<FailoverRun>;
  rollback(
    id: string,
    options: { reason?: string; idempotencyKey?: string },
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; run: FailoverRun }>;
  getDrPosture(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<Record<string, unknown>>;
  /** Measured RTO and RPO per finished run, newest first. */
  getRecoveryHistory(
    entityRef: string,
    query: { limit: number },
    credentials: BackstageCredentials,
  ): Promise<RecoveryHistory>;
}

/**
 * Creates, reads, cancels and rolls back failover runs; the worker executes
 * them. Every path authorizes on the service's catalog entity (so catalog
 * rules such as IS_ENTITY_OWNER decide who may fail it over) and audits a
 * refusal; planning, rollback and the DR posture are done by its parts.
 */
export class DefaultFailoverService implements FailoverService {
  private readonly access: FailoverAccess;
  private readonly runs: FailoverRunCreation;
  private readonly rollbacks: RollbackCreation;
  private readonly posture: DrPostureReader;
  private readonly history: RecoveryHistoryReader;

  constructor(private readonly options: FailoverServiceOptions) {
    const services = new ServicePlacement(options);
    this.access = new FailoverAccess(options);
    this.runs = new FailoverRunCreation(options, services);
    this.rollbacks = new RollbackCreation(options, services, options.inventory);
    this.posture = new DrPostureReader(options, services);
    this.history = new RecoveryHistoryReader(options, services);
  }

  async create(
    request: FailoverRequest,
    credentials: BackstageCredentials,
  ): Promise<CreateResult> {
    return this.access.auditRefusal(
      'failover-create',
      credentials,
      {
        entityRef: request.entityRef,
        from: request.from,
        to: request.to ?? null,
        drill: Boolean(request.drill),
        dryRun: Boolean(request.dryRun),
      },
      async () => {
        const entityRef = normalizeEntityRef(request.entityRef);
        await this.access.authorize(
          multiClusterFailoverExecutePermission,
          entityRef,
          credentials,
        );
        // Scoped to the caller and the operation: another user's key, or
        // a rollback's, never names this request.
        const idempotency = request.dryRun
          ? undefined
          : idempotencyClaim(
              request.idempotencyKey,
              `${actorOf(credentials)}|failover.create`,
              {
                entityRef,
                from: request.from,
                to: request.to,
                reason: request.reason,
                force: Boolean(request.force),
                drill: Boolean(request.drill),
              },
            );
        return replayingOnConflict<CreateResult>(
          this.options.store,
          idempotency,
          () => this.runs.create(request, entityRef, credentials, idempotency),
          run => ({ dryRun: false, created: false, run }),
        );
      },
    );
  }

  private async mustGet(id: string): Promise<FailoverRun> {
    const run = await this.options.store.getRun(id);
    if (!run) throw new NotFoundError(`Failover run '${id}' not found`);
    return run;
  }

  async get(id: string, credentials: BackstageCredentials) {
    const run = await this.mustGet(id);
    await this.access.authorize(
      multiClusterFailoverReadPermission,
      run.entityRef,
      credentials,
    );
    return describeRun(run);
  }

  async list(
    query: { entityRef?: string; kind?: FailoverRunKind; limit?: number },
    credentials: BackstageCredentials,
  ) {
    if (query.entityRef) {
      const entityRef = normalizeEntityRef(query.entityRef);
      await this.access.authorize(
        multiClusterFailoverReadPermission,
        entityRef,
        credentials,
      );
      const runs = await this.options.store.listRuns({ ...query, entityRef });
      return runs.map(describeRun);
    }
    const runs = await this.options.store.listRuns(query);
    return (await this.access.readable(runs, credentials)).map(describeRun);
  }

  async cancel(id: string, credentials: BackstageCredentials) {
    return this.access.auditRefusal(
      'failover-cancel',
      credentials,
      { runId: id },
      () => this.cancelAuthorized(id, credentials),
    );
  }

  private async cancelAuthorized(
    id: string,
    credentials: BackstageCredentials,
  ) {
    const run = await this.mustGet(id);
    await this.access.authorize(
      multiClusterFailoverExecutePermission,
      run.entityRef,
      credentials,
    );
    const outcome = await requestRunCancel(
      this.options,
      run,
      actorOf(credentials),
    );
    if (outcome === 'finished') {
      throw new ConflictError(`Failover run ${id} has already ${run.status}`);
    }
    return describeRun((await this.options.store.getRun(id))!);
  }

  /**
   * Rolls a run back, once: the rollback moves back the replicas the run
   * moved, counted from the placement now (see `inversePlan`), and
   * creating it marks the run rolled back with a conditional UPDATE, so of
   * repeated or racing rollbacks exactly one is created; the others get 409
   * naming it (or, with the same idempotency key, that very rollback).
   */
  async rollback(
    id: string,
    options: { reason?: string; idempotencyKey?: string },
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; run: FailoverRun }> {
    return this.access.auditRefusal(
      'failover-rollback',
      credentials,
      { runId: id },
      async () => {
        const original = describeRun(await this.mustGet(id));
        await this.access.authorize(
          multiClusterFailoverExecutePermission,
          original.entityRef,
          credentials,
        );
        const idempotency = idempotencyClaim(
          options.idempotencyKey,
          `${actorOf(credentials)}|failover.rollback:${id}`,
          { runId: id, reason: options.reason },
        );
        return replayingOnConflict(
          this.options.store,
          idempotency,
          () =>
            this.rollbacks.create(original, options, credentials, idempotency),
          run => ({ created: false, run }),
        );
      },
    );
  }

  async getDrPosture(entityRef: string, credentials: BackstageCredentials) {
    const ref = normalizeEntityRef(entityRef);
    await this.access.authorize(
      multiClusterFailoverReadPermission,
      ref,
      credentials,
    );
    return this.posture.read(ref, credentials);
  }

  async getRecoveryHistory(
    entityRef: string,
    query: { limit: number },
    credentials: BackstageCredentials,
  ) {
    const ref = normalizeEntityRef(entityRef);
    // The run list's permission: the history is the runs, measured.
    await this.access.authorize(
      multiClusterFailoverReadPermission,
      ref,
      credentials,
    );
    return this.history.read(ref, query.limit, credentials);
  }
}
