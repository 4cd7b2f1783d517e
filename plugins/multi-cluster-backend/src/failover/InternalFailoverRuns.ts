import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import type { PlannedTarget } from '@flotilla/plugin-multi-cluster-common';
import { FailoverRunCreation } from './FailoverRunCreation';
import { IdempotencyClaim, NewFailoverRun } from './FailoverStore';
import { hashRequest, replayingOnConflict } from './idempotency';
import { RollbackCreation } from './RollbackCreation';
import { requestRunCancel } from './runCancellation';
import { describeRun } from './runView';
import { ServicePlacement } from './ServicePlacement';
import { FailoverServiceOptions } from './serviceTypes';
import { FailoverRun } from './types';

/**
 * The key that makes a run once: one run per scoped key, whatever else
 * differs between two attempts (a retry after a crash may have re-planned
 * its targets: it is still the same child).
 */
export interface InternalRunKey {
  scope: string;
  key: string;
}

/** What every internal run names besides its subject. */
interface InternalRunCommon {
  reason: string;
  /** Recorded as the run's actor: authorized when the caller's work was. */
  actor: string;
  idempotency: InternalRunKey;
  recordInTransaction?: NewFailoverRun['recordInTransaction'];
}

/** One source cluster's replicas of a service, to exactly these targets. */
export interface PlannedFailoverRequest extends InternalRunCommon {
  entityRef: string;
  from: string;
  targets: PlannedTarget[];
}

/** The rollback of one run. */
export interface PlannedRollbackRequest extends InternalRunCommon {
  runId: string;
}

/** The claim of an internal key: its hash names the key alone. */
function claimOf(key: InternalRunKey): IdempotencyClaim {
  return { ...key, requestHash: hashRequest({ internalKey: key.key }) };
}

/**
 * The failover module's entry for work that was authorized elsewhere (a
 * region failover's children, created by its orchestrator with service
 * credentials): no permission check here, every other guarantee of
 * {@link DefaultFailoverService} kept (one unfinished run per entity, one
 * run per scoped key, a run rolled back once), and the caller's record
 * written in the run's transaction.
 */
export class InternalFailoverRuns {
  private readonly runs: FailoverRunCreation;
  private readonly rollbacks: RollbackCreation;

  constructor(private readonly options: FailoverServiceOptions) {
    const services = new ServicePlacement(options);
    this.runs = new FailoverRunCreation(options, services);
    this.rollbacks = new RollbackCreation(options, services, options.inventory);
  }

  /** The run a key made, if any. */
  async find(key: InternalRunKey): Promise<FailoverRun | undefined> {
    const found = await this.options.store.findByIdempotencyKey(key);
    return found && describeRun(found.run);
  }

  /**
   * A failover of one source to the planned targets, forced: the caller
   * decided the source is lost. Throws `FailoverPlanError` when the plan
   * no longer applies and `ActiveFailoverError` while another run of the
   * entity is unfinished.
   */
  async start(
    request: PlannedFailoverRequest,
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; run: FailoverRun }> {
    const claim = claimOf(request.idempotency);
    return replayingOnConflict(
      this.options.store,
      claim,
      async () => {
        const result = await this.runs.create(
          {
            entityRef: request.entityRef,
            from: request.from,
            reason: request.reason,
            force: true,
          },
          request.entityRef,
          credentials,
          claim,
          request,
        );
        if (result.dryRun) throw new Error('a planned failover is never dry');
        return { created: result.created, run: result.run };
      },
      run => ({ created: false, run }),
    );
  }

  /** The rollback of a run, once (see `RollbackCreation`). */
  async rollback(
    request: PlannedRollbackRequest,
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; run: FailoverRun }> {
    const claim = claimOf(request.idempotency);
    return replayingOnConflict(
      this.options.store,
      claim,
      async () => {
        const original = await this.options.store.getRun(request.runId);
        if (!original) {
          throw new NotFoundError(`Failover run '${request.runId}' not found`);
        }
        return this.rollbacks.create(
          describeRun(original),
          { reason: request.reason },
          credentials,
          claim,
          request,
        );
      },
      run => ({ created: false, run }),
    );
  }

  /** Asks a run to stop, as the actor (see `requestRunCancel`). */
  async cancel(
    runId: string,
    actor: string,
  ): Promise<'cancelled' | 'requested' | 'finished'> {
    const run = await this.options.store.getRun(runId);
    if (!run) return 'finished';
    return requestRunCancel(this.options, run, actor);
  }
}
