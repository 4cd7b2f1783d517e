import { AuditorService, LoggerService } from '@backstage/backend-plugin-api';
import type { SignalsService } from '@backstage/plugin-signals-node';
import { JsonObject } from '@backstage/types';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { HistoryRecorder } from '../database/MultiClusterStore';
import {
  AUDIT_BOUNDS,
  HISTORY_BOUNDS,
  sanitizeError,
  sanitizeJsonObject,
} from '../util/sanitizeJson';
import { auditRefusal } from '../util/auditRefusal';
import { StormChild, StormKind, StormStatus } from './types';

export const REGION_FAILOVER_SIGNAL_CHANNEL = 'multi-cluster:region-failover';

/** One state change of a storm or of one of its children. */
export interface StormTransition {
  stormId: string;
  kind: StormKind;
  actor: string;
  /** The storm's status after the transition. */
  status: StormStatus;
  /** e.g. `storm.created`, `child.running`, `child.skipped`, `storm.paused`. */
  event: string;
  child?: Pick<StormChild, 'entityRef' | 'from' | 'status' | 'runId'> & {
    to?: string[];
  };
  reason?: string;
  detail?: JsonObject;
}

/**
 * Records every transition of a storm three ways, as failover runs do: an
 * auditor event (`region-failover-<event>`), a history row
 * (`region-failover.<event>`) and a signal on
 * `multi-cluster:region-failover`. Strings are escaped and bounded on the
 * way out; a recording failure is logged, never fatal to the storm.
 */
export class StormEvents {
  constructor(
    private readonly options: {
      auditor?: AuditorService;
      history?: HistoryRecorder;
      signals?: SignalsService;
      logger: LoggerService;
    },
  ) {}

  async emit(t: StormTransition): Promise<void> {
    const failed = t.event.endsWith('failed');
    const child = t.child
      ? {
          entityRef: t.child.entityRef,
          from: t.child.from,
          status: t.child.status,
          ...(t.child.runId ? { runId: t.child.runId } : {}),
          ...(t.child.to ? { to: t.child.to } : {}),
        }
      : undefined;
    const reason =
      t.reason === undefined
        ? undefined
        : sanitizeForLog(t.reason, HISTORY_BOUNDS.maxString);
    const meta: JsonObject = {
      stormId: t.stormId,
      kind: t.kind,
      event: t.event,
      status: t.status,
      ...(child ? { child } : {}),
      ...(reason ? { reason } : {}),
      ...(t.detail ? { detail: t.detail } : {}),
    };
    await Promise.all([
      this.audit(t, meta, failed, reason),
      this.options.history?.record({
        actor: t.actor,
        action: `region-failover.${t.event}`,
        entityRef: child?.entityRef,
        cluster: child?.from,
        status: failed ? 'failed' : 'succeeded',
        input: sanitizeJsonObject(meta, HISTORY_BOUNDS),
        error: failed ? reason : undefined,
      }),
      this.options.signals?.publish({
        recipients: { type: 'broadcast' },
        channel: REGION_FAILOVER_SIGNAL_CHANNEL,
        message: sanitizeJsonObject(
          {
            stormId: t.stormId,
            kind: t.kind,
            status: t.status,
            event: t.event,
            child: child ?? null,
            ...(reason ? { reason } : {}),
          },
          AUDIT_BOUNDS,
        ),
      }),
    ]).catch(e =>
      this.options.logger.warn(
        `Could not record region failover transition ${t.event} of ${
          t.stormId
        }: ${sanitizeForLog(e, 500)}`,
      ),
    );
  }

  private async audit(
    t: StormTransition,
    meta: JsonObject,
    failed: boolean,
    reason: string | undefined,
  ) {
    if (!this.options.auditor) return;
    const event = await this.options.auditor.createEvent({
      eventId: `region-failover-${t.event.replace(/\./g, '-')}`,
      severityLevel: t.event.startsWith('storm.') ? 'high' : 'medium',
      meta: sanitizeJsonObject(meta, AUDIT_BOUNDS),
    });
    if (failed) {
      await event.fail({
        error: sanitizeError(
          new Error(reason ?? 'failed'),
          AUDIT_BOUNDS.maxString,
        ),
      });
    } else {
      await event.success();
    }
  }

  /** A refused request (400, 403, 409): an audit event and nothing else. */
  async refused(options: {
    eventId: string;
    actor: string;
    request: JsonObject;
    error: Error;
  }): Promise<void> {
    await auditRefusal(this.options.auditor, this.options.logger, options);
  }
}
