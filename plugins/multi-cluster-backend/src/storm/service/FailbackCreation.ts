import { ConflictError, NotFoundError } from '@backstage/errors';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { FailoverStore, IdempotencyClaim } from '../../failover/FailoverStore';
import { MAX_REASON_LENGTH } from '../../failover/serviceTypes';
import { FleetInventoryService } from '../../inventory/FleetInventory';
import { StormEvents } from '../StormEvents';
import {
  AlreadyFailedBackError,
  NewStormChild,
  StormStore,
} from '../store/StormStore';
import { ACTIVE_STORM_STATUSES, Storm, StormLimits } from '../types';
import { assertSameStormRequest } from './stormIdempotency';

/** A failback as asked for, already authorized. */
export interface FailbackOrder {
  stormId: string;
  reason: string;
  actor: string;
  idempotency?: IdempotencyClaim;
  /** Only the children of these lost clusters (default: every one). */
  clusters?: string[];
  /** Only the children of these services (default: every one). */
  entityRefs?: string[];
}

/**
 * The failover's children whose runs moved replicas (succeeded, or
 * stopped after their shift): each is rolled back.
 */
async function failbackChildren(
  original: Storm,
  order: FailbackOrder,
  runs: Pick<FailoverStore, 'getRun'>,
) {
  const clusters = order.clusters && new Set(order.clusters);
  const refs = order.entityRefs && new Set(order.entityRefs);
  const moved = new Set<string>();
  for (const child of original.children) {
    const run = child.runId ? await runs.getRun(child.runId) : undefined;
    if (run?.changes?.some(c => c.status === 'applied')) moved.add(run.id);
  }
  return original.children
    .filter(c => c.runId && moved.has(c.runId))
    .filter(c => !clusters || clusters.has(c.from))
    .filter(c => !refs || refs.has(c.entityRef))
    .map(
      (c): NewStormChild => ({
        entityRef: c.entityRef,
        from: c.from,
        priority: c.priority,
        targets: c.targets,
        replicas: c.replicas,
        rollbackOf: c.runId,
      }),
    );
}

/**
 * Creates the failback of a region failover: a storm of its own whose
 * children roll back the runs of the failover's children that moved
 * replicas (each
 * rollback computes the inverse from what its run recorded it changed,
 * capped by what runs now). Refused (409) while the failover runs, while a
 * cluster that gets replicas back is not healthy, and for a second
 * failback of one failover (naming the first).
 */
export class FailbackCreation {
  constructor(
    private readonly options: {
      store: StormStore;
      /** The failover runs: what each child's run changed. */
      runs: Pick<FailoverStore, 'getRun'>;
      inventory: Pick<FleetInventoryService, 'getCluster'>;
      events: StormEvents;
      limits: StormLimits;
      onCreated?: (storm: Storm) => void;
    },
  ) {}

  async create(
    order: FailbackOrder,
  ): Promise<{ created: boolean; storm: Storm }> {
    const { store } = this.options;
    const { idempotency } = order;
    const replayed = idempotency
      ? await store.records.findByIdempotencyKey(idempotency)
      : undefined;
    if (replayed && idempotency) {
      assertSameStormRequest(idempotency, replayed.storm, replayed.requestHash);
      return { created: false, storm: replayed.storm };
    }
    const original = await this.failbackable(order);
    const children = await failbackChildren(original, order, this.options.runs);
    if (!children.length) {
      throw new ConflictError(
        `Region failover ${original.id} moved no service${
          order.clusters || order.entityRefs ? ' of those asked for' : ''
        }: there is nothing to fail back`,
      );
    }
    await this.assertHealthy([...new Set(children.map(c => c.from))]);
    const { storm, created, requestHash } = await store.records.create({
      kind: 'failback',
      lostClusters: original.lostClusters,
      entityRefs: order.entityRefs,
      reason: sanitizeForLog(order.reason, MAX_REASON_LENGTH),
      actor: order.actor,
      idempotency,
      failbackOf: original.id,
      limits: this.options.limits,
      children,
    });
    if (!created && idempotency) {
      assertSameStormRequest(idempotency, storm, requestHash);
    }
    if (created) {
      await this.options.events.emit({
        stormId: storm.id,
        kind: storm.kind,
        actor: storm.actor,
        status: storm.status,
        event: 'storm.created',
        reason: storm.reason,
        detail: { failbackOf: original.id, children: children.length },
      });
      this.options.onCreated?.(storm);
    }
    return { created, storm };
  }

  /** The failover to fail back: finished, a failover, not failed back yet. */
  private async failbackable(order: FailbackOrder): Promise<Storm> {
    const { records } = this.options.store;
    const original = await records.get(order.stormId);
    if (!original) {
      throw new NotFoundError(`Region failover '${order.stormId}' not found`);
    }
    if (original.kind !== 'failover') {
      throw new ConflictError(
        `${original.id} is a failback; only a region failover is failed back`,
      );
    }
    if (ACTIVE_STORM_STATUSES.includes(original.status)) {
      throw new ConflictError(
        `Region failover ${original.id} is ${original.status}; fail it back once it has ended`,
      );
    }
    const failback = await records.failbackOf(original.id);
    if (failback) throw new AlreadyFailedBackError(original.id, failback.id);
    return original;
  }

  /** 409 while a cluster that gets replicas back is not healthy. */
  private async assertHealthy(clusters: string[]): Promise<void> {
    for (const name of clusters.sort()) {
      const cluster = await this.options.inventory.getCluster(name);
      const status = cluster?.health?.status ?? 'unknown';
      if (status !== 'healthy') {
        const why = cluster?.health?.message ?? 'no health evidence';
        throw new ConflictError(
          `${name} is ${
            cluster ? status : 'not in the fleet'
          } (${why}): fail back once it is healthy again`,
        );
      }
    }
  }
}
