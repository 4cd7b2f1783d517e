import { LoggerService } from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import {
  errorMessage,
  sanitizeForLog,
} from '@flotilla/plugin-multi-cluster-node';
import type { DecisionStore } from './DecisionStore';
import type { DecisionRow } from './detectionTables';
import type { ObservedService, RecoveryStarter } from './types';

/** Notification text is bounded: reasons carry text from clusters. */
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 1000;

/** A few names, then how many more. */
function names(list: string[], max = 5): string {
  const shown = list.slice(0, max).join(', ');
  return list.length > max ? `${shown} and ${list.length - max} more` : shown;
}

function unique(values: string[]): string[] {
  return [...new Set(values)].sort();
}

/**
 * Delivers recorded decisions: automatic ones start their recovery (one
 * call per trigger key, which the starter makes exactly once), proposals
 * notify the service's owners (claimed first, so one replica sends each).
 * What is not delivered (a starter that failed, a crash) is delivered by a
 * later tick.
 */
export class DecisionDelivery {
  constructor(
    private readonly options: {
      decisions: DecisionStore;
      logger: LoggerService;
      recovery?: RecoveryStarter;
      notifications?: NotificationService;
      appBaseUrl?: string;
    },
  ) {}

  async deliver(services: ObservedService[], now: Date): Promise<void> {
    await this.startRecoveries();
    await this.notifyOwners(services, now);
  }

  private async startRecoveries(): Promise<void> {
    const { recovery, decisions, logger } = this.options;
    if (!recovery) return;
    for (const [key, rows] of await decisions.pendingTriggers()) {
      const clusters = unique(rows.flatMap(r => JSON.parse(r.clusters)));
      const entityRefs = unique(rows.map(r => r.entity_ref ?? ''));
      const failback = rows[0].kind === 'failed-back';
      const input = {
        clusters,
        entityRefs,
        idempotencyKey: key,
        reason: failback
          ? `Detection: ${names(
              clusters,
            )} healthy for the failback stabilization; failing back ${
              entityRefs.length
            } service(s) with automatic failover`
          : `Detection: ${names(clusters)} down for the toleration of ${
              entityRefs.length
            } service(s) with automatic failover`,
      };
      try {
        const { stormId } = failback
          ? await recovery.startFailback(input)
          : await recovery.startRegionFailover(input);
        await decisions.setStorm(key, stormId);
        logger.info(`Detection started ${stormId} (${key}): ${input.reason}`);
      } catch (error) {
        logger.warn(
          `Detection could not start ${key}, retried next tick: ${sanitizeForLog(
            errorMessage(error),
            300,
          )}`,
        );
      }
    }
  }

  private async notifyOwners(
    services: ObservedService[],
    now: Date,
  ): Promise<void> {
    const { notifications, decisions, logger } = this.options;
    const byRef = new Map(services.map(s => [s.entityRef, s]));
    for (const row of await decisions.pendingNotifications()) {
      if (!(await decisions.claimNotification(row.id, now))) continue;
      const service = row.entity_ref ? byRef.get(row.entity_ref) : undefined;
      if (!notifications || !service?.owners.length) continue;
      try {
        await notifications.send({
          recipients: { type: 'entity', entityRef: service.owners },
          payload: this.payload(row, service),
        });
      } catch (error) {
        logger.warn(
          `Detection could not notify the owners of ${
            service.entityRef
          }: ${sanitizeForLog(errorMessage(error), 300)}`,
        );
      }
    }
  }

  private payload(row: DecisionRow, service: ObservedService) {
    const clusters = (JSON.parse(row.clusters) as string[]).join(', ');
    const name = service.title ?? service.entityRef;
    const title =
      row.kind === 'would-fail-over'
        ? `${name} would fail over from ${clusters}`
        : `${name} can fail back to ${clusters}`;
    return {
      title: sanitizeForLog(title, MAX_TITLE),
      description: sanitizeForLog(row.reason, MAX_DESCRIPTION),
      link: this.link(service.entityRef),
      severity: row.kind === 'would-fail-over' ? 'high' : 'normal',
      topic: 'multi-cluster-detection',
    } as const;
  }

  /** The service's multi-cluster tab. */
  private link(entityRef: string): string {
    const ref = parseEntityRef(entityRef);
    return `${this.options.appBaseUrl ?? ''}/catalog/${ref.namespace}/${
      ref.kind
    }/${ref.name}/multi-cluster`;
  }
}
