import { NotFoundError } from '@backstage/errors';
import type { RecoveryStarter } from '../../detection/types';
import type { FleetInventoryService } from '../../inventory/FleetInventory';
import { idempotencyClaim } from '../../failover/idempotency';
import { StormStore } from '../store/StormStore';
import { FailbackCreation } from './FailbackCreation';
import { RegionFailoverCreation } from './RegionFailoverCreation';
import { listField } from './stormIdempotency';

/** The actor detection's storms are recorded as. */
export const DETECTION_ACTOR = 'plugin:multi-cluster/detection';

/**
 * Region failovers and failbacks started by detection's policy (no user:
 * the service's `automatic` policy is the authorization). Exactly once per
 * key, in detection's own scope; otherwise what a person's request gets:
 * one unfinished storm per cluster, one failback per storm.
 */
export class StormRecoveryStarter implements RecoveryStarter {
  constructor(
    private readonly options: {
      store: StormStore;
      regionFailovers: RegionFailoverCreation;
      failbacks: FailbackCreation;
      /** Which of a region's other lost clusters are healthy again. */
      inventory: Pick<FleetInventoryService, 'getCluster'>;
    },
  ) {}

  async startRegionFailover(input: {
    clusters: string[];
    entityRefs: string[];
    reason: string;
    idempotencyKey: string;
  }): Promise<{ stormId: string }> {
    const { storm } = await this.options.regionFailovers.create({
      loss: { clusters: input.clusters },
      entityRefs: input.entityRefs.length ? input.entityRefs : undefined,
      reason: input.reason,
      actor: DETECTION_ACTOR,
      idempotency: idempotencyClaim(
        input.idempotencyKey,
        `${DETECTION_ACTOR}|region-failover.create`,
        {
          clusters: listField(input.clusters),
          entityRefs: listField(input.entityRefs),
          reason: input.reason,
        },
      ),
    });
    return { stormId: storm.id };
  }

  /**
   * Fails back the newest ended region failover that moved these services
   * (or any, when none are named) away from these clusters: its children
   * from these clusters, and from its other lost clusters that are healthy
   * again, of these services. When that region failover was failed back
   * already (by a person, or for a cluster that came back first), that
   * failback is the answer.
   */
  async startFailback(input: {
    clusters: string[];
    entityRefs: string[];
    reason: string;
    idempotencyKey: string;
  }): Promise<{ stormId: string }> {
    const idempotency = idempotencyClaim(
      input.idempotencyKey,
      `${DETECTION_ACTOR}|failback.create`,
      {
        clusters: listField(input.clusters),
        entityRefs: listField(input.entityRefs),
        reason: input.reason,
      },
    );
    const replayed =
      idempotency &&
      (await this.options.store.records.findByIdempotencyKey(idempotency));
    const entityRefs = input.entityRefs.length ? input.entityRefs : undefined;
    // A replay asks for what it asked before: no peers are added.
    const target:
      | { stormId: string; lostClusters?: string[] }
      | { failbackId: string } = replayed?.storm.failbackOf
      ? { stormId: replayed.storm.failbackOf }
      : await this.movedBy(input.clusters, entityRefs);
    if ('failbackId' in target) return { stormId: target.failbackId };
    const { storm } = await this.options.failbacks.create({
      stormId: target.stormId,
      reason: input.reason,
      actor: DETECTION_ACTOR,
      idempotency,
      clusters: await this.withHealthyPeers(
        input.clusters,
        target.lostClusters,
      ),
      entityRefs,
    });
    return { stormId: storm.id };
  }

  /**
   * `clusters` and the failover's other `lostClusters` that are healthy now.
   * A region failover is failed back once, so a region whose clusters come
   * back a tick apart returns as one: a failback of the first alone would
   * leave the others' services where the storm moved them.
   */
  private async withHealthyPeers(
    clusters: string[],
    lostClusters: string[] = [],
  ): Promise<string[]> {
    const peers = lostClusters.filter(c => !clusters.includes(c));
    const healthy = await Promise.all(
      peers.map(
        async name =>
          (await this.options.inventory.getCluster(name))?.health?.status ===
          'healthy',
      ),
    );
    return [...clusters, ...peers.filter((_, i) => healthy[i])].sort();
  }

  /** The newest ended region failover that moved these services off these clusters. */
  private async movedBy(
    clusters: string[],
    entityRefs: string[] | undefined,
  ): Promise<
    { stormId: string; lostClusters: string[] } | { failbackId: string }
  > {
    const from = new Set(clusters);
    const refs = entityRefs && new Set(entityRefs);
    const { records } = this.options.store;
    const storms = await records.list({
      limit: 200,
      statuses: ['succeeded', 'failed', 'cancelled'],
    });
    const match = storms.find(
      s =>
        s.kind === 'failover' &&
        s.children.some(
          c => c.runId && from.has(c.from) && (!refs || refs.has(c.entityRef)),
        ),
    );
    if (!match) {
      throw new NotFoundError(
        `No ended region failover moved those services off ${clusters.join(
          ', ',
        )}`,
      );
    }
    const failback = await records.failbackOf(match.id);
    return failback
      ? { failbackId: failback.id }
      : { stormId: match.id, lostClusters: match.lostClusters };
  }
}
