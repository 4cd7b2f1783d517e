import {
  AuditorService,
  AuditorServiceEventSeverityLevel,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { SignalsService } from '@backstage/plugin-signals-node';
import { JsonObject } from '@backstage/types';
import { HistoryRecorder } from '../database/MultiClusterStore';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import {
  AUDIT_BOUNDS,
  HISTORY_BOUNDS,
  sanitizeError,
  sanitizeJsonObject,
} from '../util/sanitizeJson';
import { auditRefusal } from '../util/auditRefusal';

export const FAILOVER_SIGNAL_CHANNEL = 'multi-cluster:failover';

/** One state change of a run or a step. */
export interface FailoverTransition {
  runId: string;
  entityRef: string;
  actor: string;
  kind: string;
  /** Run status after the transition. */
  status: string;
  /** e.g. `run.created`, `step.running`, `step.retrying`, `run.failed`. */
  event: string;
  step?: { order: number; kind: string; status: string; attempt?: number };
  error?: string;
  detail?: JsonObject;
}

/**
 * Records every transition three ways: an auditor event, a history row
 * (`multi_cluster_history`, action `failover.<event>`), and a signal on
 * `multi-cluster:failover` for live progress. Recording failures are logged,
 * never fatal to the run. Errors and details can carry request fields and
 * cluster responses: every string is escaped and bounded on the way out
 * (audit: a few hundred characters per field).
 */
export class FailoverEvents {
  private readonly listeners = new Set<(t: FailoverTransition) => void>();

  constructor(
    private readonly options: {
      auditor?: AuditorService;
      history?: HistoryRecorder;
      signals?: SignalsService;
      logger: LoggerService;
    },
  ) {}

  /**
   * Calls `listener` after every transition this process records (e.g. a
   * region failover waking when one of its runs ends); returns the
   * unsubscribe function.
   */
  subscribe(listener: (t: FailoverTransition) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async emit(t: FailoverTransition): Promise<void> {
    await this.record(t);
    for (const listener of this.listeners) {
      try {
        listener(t);
      } catch (e) {
        this.options.logger.warn(
          `A failover transition listener failed: ${sanitizeForLog(e, 500)}`,
        );
      }
    }
  }

  private async record(t: FailoverTransition): Promise<void> {
    const failed = t.event.endsWith('failed');
    const severity: AuditorServiceEventSeverityLevel = t.event.startsWith(
      'run.',
    )
      ? 'high'
      : 'medium';
    const meta: JsonObject = {
      runId: t.runId,
      entityRef: t.entityRef,
      kind: t.kind,
      event: t.event,
      status: t.status,
      ...(t.step ? { step: { ...t.step } } : {}),
      ...(t.detail ? { detail: t.detail } : {}),
    };
    const error =
      t.error === undefined
        ? undefined
        : sanitizeForLog(t.error, HISTORY_BOUNDS.maxString);
    await Promise.all([
      (async () => {
        if (!this.options.auditor) return;
        const event = await this.options.auditor.createEvent({
          eventId: `failover-${t.event.replace(/\./g, '-')}`,
          severityLevel: severity,
          meta: sanitizeJsonObject(meta, AUDIT_BOUNDS),
        });
        if (failed) {
          await event.fail({
            error: sanitizeError(
              new Error(error ?? 'failed'),
              AUDIT_BOUNDS.maxString,
            ),
          });
        } else {
          await event.success();
        }
      })(),
      this.options.history?.record({
        actor: t.actor,
        action: `failover.${t.event}`,
        entityRef: t.entityRef,
        status: failed ? 'failed' : 'succeeded',
        input: sanitizeJsonObject(meta, HISTORY_BOUNDS),
        error,
      }),
      this.options.signals?.publish({
        recipients: { type: 'broadcast' },
        channel: FAILOVER_SIGNAL_CHANNEL,
        message: {
          runId: t.runId,
          entityRef: t.entityRef,
          status: t.status,
          event: t.event,
          step: t.step ? { ...t.step } : null,
          ...(error
            ? { error: sanitizeForLog(error, AUDIT_BOUNDS.maxString) }
            : {}),
        },
      }),
    ]).catch(e =>
      this.options.logger.warn(
        `Could not record failover transition ${t.event} of ${
          t.runId
        }: ${sanitizeForLog(e, 500)}`,
      ),
    );
  }

  /**
   * A refused request (403, 400): an audit event with bounded fields, and
   * nothing else (no history row, no signal).
   */
  async refused(options: {
    eventId: string;
    actor: string;
    request: Record<string, string | boolean | null | undefined>;
    error: Error;
  }): Promise<void> {
    await auditRefusal(this.options.auditor, this.options.logger, options);
  }
}
