import { NotFoundError } from '@backstage/errors';
import type { RecoveryStarter } from '../../detection/types';
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
   * Fails back the newest ended region failover of these clusters: its
   * children from these clusters (and of these services, when named).
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
    const original =
      replayed?.storm.failbackOf ?? (await this.newestOf(input.clusters));
    const { storm } = await this.options.failbacks.create({
      stormId: original,
      reason: input.reason,
      actor: DETECTION_ACTOR,
      idempotency,
      clusters: input.clusters,
      entityRefs: input.entityRefs.length ? input.entityRefs : undefined,
    });
    return { stormId: storm.id };
  }

  private async newestOf(clusters: string[]): Promise<string> {
    const wanted = new Set(clusters);
    const storms = await this.options.store.records.list({
      limit: 200,
      statuses: ['succeeded', 'failed', 'cancelled'],
    });
    const match = storms.find(
      s => s.kind === 'failover' && s.lostClusters.some(c => wanted.has(c)),
    );
    if (!match) {
      throw new NotFoundError(
        `No ended region failover of ${clusters.join(', ')} to fail back`,
      );
    }
    return match.id;
  }
}
