import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import type {
  StartFailbackRequestInput,
  StartRegionFailoverRequestInput,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';
import { normalizeEntityRef } from '../../failover/FailoverAccess';
import { idempotencyClaim } from '../../failover/idempotency';
import type { InternalFailoverRuns } from '../../failover/InternalFailoverRuns';
import { actorOf } from '../../history/MutationRecorder';
import { StormEvents } from '../StormEvents';
import { ControlOutcome, StormStore } from '../store/StormStore';
import { Storm } from '../types';
import { FailbackCreation } from './FailbackCreation';
import { RegionFailoverCreation } from './RegionFailoverCreation';
import { StormAccess } from './StormAccess';
import { listField } from './stormIdempotency';

/** What starting a region failover answers. */
export type StartStormResult =
  | { dryRun: true; plan: WhatIfPlan }
  | { dryRun: false; created: boolean; storm: Storm };

type Control = 'pause' | 'resume' | 'cancel';

/** The request's loss, 400 when it names none. */
function lossOf(request: StartRegionFailoverRequestInput) {
  const { clusters, regions, providers } = request;
  if (!clusters?.length && !regions?.length && !providers?.length) {
    throw new InputError('name at least one of clusters, regions, providers');
  }
  return { clusters, regions, providers };
}

/**
 * Starts, reads, pauses, resumes, cancels and fails back storms; the
 * orchestrator drives them. Every change is authorized with
 * `multi-cluster.failover.region` and audited when refused.
 */
export class StormService {
  constructor(
    private readonly options: {
      store: StormStore;
      access: StormAccess;
      regionFailovers: RegionFailoverCreation;
      failbacks: FailbackCreation;
      failover: Pick<InternalFailoverRuns, 'cancel'>;
      events: StormEvents;
      /** Wakes the local orchestrator (a storm changed). */
      onChanged?: () => void;
    },
  ) {}

  async start(
    request: StartRegionFailoverRequestInput,
    credentials: BackstageCredentials,
  ): Promise<StartStormResult> {
    const { access, regionFailovers } = this.options;
    const summary = {
      clusters: listField(request.clusters) ?? null,
      regions: listField(request.regions) ?? null,
      providers: listField(request.providers) ?? null,
      dryRun: Boolean(request.dryRun),
    };
    return access.auditRefusal(
      'region-failover-create',
      credentials,
      summary,
      async () => {
        await access.authorizeChange(credentials);
        const loss = lossOf(request);
        const entityRefs = request.entityRefs?.map(normalizeEntityRef);
        if (request.dryRun) {
          return {
            dryRun: true,
            plan: await regionFailovers.plan({ loss, entityRefs }),
          };
        }
        const actor = actorOf(credentials);
        const idempotency = idempotencyClaim(
          request.idempotencyKey,
          `${actor}|region-failover.create`,
          {
            ...summary,
            dryRun: undefined,
            entityRefs: listField(entityRefs),
            reason: request.reason,
          },
        );
        const { created, storm } = await regionFailovers.create({
          loss,
          entityRefs,
          reason: request.reason,
          actor,
          idempotency,
        });
        return { dryRun: false, created, storm };
      },
    );
  }

  async failback(
    request: StartFailbackRequestInput,
    credentials: BackstageCredentials,
  ): Promise<{ created: boolean; storm: Storm }> {
    const { access, failbacks } = this.options;
    return access.auditRefusal(
      'region-failover-failback',
      credentials,
      { stormId: request.stormId },
      async () => {
        await access.authorizeChange(credentials);
        const actor = actorOf(credentials);
        return failbacks.create({
          stormId: request.stormId,
          reason: request.reason,
          actor,
          idempotency: idempotencyClaim(
            request.idempotencyKey,
            `${actor}|failback.create`,
            { stormId: request.stormId, reason: request.reason },
          ),
        });
      },
    );
  }

  async get(id: string, credentials: BackstageCredentials): Promise<Storm> {
    const storm = await this.mustGet(id);
    await this.options.access.authorizeRead(storm, credentials);
    return storm;
  }

  async list(
    query: { limit?: number },
    credentials: BackstageCredentials,
  ): Promise<Storm[]> {
    const [storms, readable] = await Promise.all([
      this.options.store.records.list({ limit: query.limit }),
      this.options.access.readFilter(credentials),
    ]);
    return storms.filter(readable);
  }

  pause(id: string, credentials: BackstageCredentials) {
    return this.control('pause', id, credentials);
  }

  resume(id: string, credentials: BackstageCredentials) {
    return this.control('resume', id, credentials);
  }

  cancel(id: string, credentials: BackstageCredentials) {
    return this.control('cancel', id, credentials);
  }

  private async control(
    control: Control,
    id: string,
    credentials: BackstageCredentials,
  ): Promise<Storm> {
    const { access } = this.options;
    return access.auditRefusal(
      `region-failover-${control}`,
      credentials,
      { stormId: id },
      async () => {
        await access.authorizeChange(credentials);
        const storm = await this.mustGet(id);
        const actor = actorOf(credentials);
        const outcome = await this.apply(control, storm, actor);
        if (outcome === 'finished') {
          throw new ConflictError(
            `Region failover ${id} has already ${storm.status}`,
          );
        }
        if (outcome === 'changed') {
          const event =
            control === 'cancel' ? 'cancel-requested' : `${control}d`;
          const now = await this.mustGet(id);
          await this.options.events.emit({
            stormId: id,
            kind: storm.kind,
            actor,
            status: now.status,
            event: `storm.${event}`,
          });
          this.options.onChanged?.();
          return now;
        }
        return storm;
      },
    );
  }

  /** A control on the store; a cancel also asks the running children's runs to stop. */
  private async apply(
    control: Control,
    storm: Storm,
    actor: string,
  ): Promise<ControlOutcome> {
    const { controls } = this.options.store;
    if (control === 'pause') return controls.pause(storm.id);
    if (control === 'resume') return controls.resume(storm.id);
    const { outcome, runIds } = await controls.cancel(
      storm.id,
      `cancelled by ${actor}`,
    );
    for (const runId of runIds) {
      await this.options.failover.cancel(runId, actor);
    }
    return outcome;
  }

  private async mustGet(id: string): Promise<Storm> {
    const storm = await this.options.store.records.get(id);
    if (!storm) throw new NotFoundError(`Region failover '${id}' not found`);
    return storm;
  }
}
