import {
  AuditorService,
  AuditorServiceEventSeverityLevel,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { SignalsService } from '@backstage/plugin-signals-node';
import { JsonObject } from '@backstage/types';
import { HistoryRecorder } from '../database/MultiClusterStore';

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
 * never fatal to the run.
 */
export class FailoverEvents {
  constructor(
    private readonly options: {
      auditor?: AuditorService;
      history?: HistoryRecorder;
      signals?: SignalsService;
      logger: LoggerService;
    },
  ) {}

  async emit(t: FailoverTransition): Promise<void> {
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
    await Promise.all([
      (async () => {
        if (!this.options.auditor) return;
        const event = await this.options.auditor.createEvent({
          eventId: `failover-${t.event.replace(/\./g, '-')}`,
          severityLevel: severity,
          meta,
        });
        if (failed) {
          await event.fail({ error: new Error(t.error ?? 'failed') });
        } else {
          await event.success();
        }
      })(),
      this.options.history?.record({
        actor: t.actor,
        action: `failover.${t.event}`,
        entityRef: t.entityRef,
        status: failed ? 'failed' : 'succeeded',
        input: meta,
        error: t.error,
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
          ...(t.error ? { error: t.error } : {}),
        },
      }),
    ]).catch(error =>
      this.options.logger.warn(
        `Could not record failover transition ${t.event} of ${t.runId}: ${error}`,
      ),
    );
  }
}
