import { LoggerService } from '@backstage/backend-plugin-api';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { FailoverEvents, FailoverTransition } from '../FailoverEvents';
import { runLink } from '../steps/notify';
import { errorMessage } from '../steps/types';
import { FailoverRun } from '../types';
import { IncidentPhase, IncidentRun, incidentRun } from './incidentText';
import { IncidentChannel } from './types';

/** The run transitions that open, update or resolve an incident. */
const PHASES: Record<string, IncidentPhase> = {
  'run.started': 'started',
  // A resumed run opens again: the channels find the incident they have.
  'run.resumed': 'started',
  'run.succeeded': 'succeeded',
  'run.failed': 'failed',
  'run.cancelled': 'cancelled',
};

/** The channel's call for `phase`. */
function send(
  channel: IncidentChannel,
  run: IncidentRun,
  phase: IncidentPhase,
) {
  if (phase === 'started') return channel.open(run);
  if (phase === 'succeeded') return channel.resolve(run);
  return channel.update(run, phase);
}

const RECORDED: Record<IncidentPhase, string> = {
  started: 'incident.opened',
  succeeded: 'incident.resolved',
  failed: 'incident.updated',
  cancelled: 'incident.updated',
};

/**
 * Opens an incident on every configured channel when a failover or
 * rollback starts executing, resolves it when the run succeeds and
 * updates it (left open) when the run fails or is cancelled. Drills are
 * rehearsals and dry runs change nothing: neither pages anyone.
 *
 * Each run's deliveries are chained, so a resolve never overtakes its
 * open. What each channel answered (the incident id, the dedup key) is
 * recorded as a run transition (`incident.opened`, `incident.updated`, `incident.resolved`: audit and
 * history);
 * a channel that fails is recorded (`incident.delivery-failed`) and logged, never
 * fatal to the run.
 */
export class RunIncidents {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly options: {
      channels: IncidentChannel[];
      events: FailoverEvents;
      getRun(id: string): Promise<FailoverRun | undefined>;
      logger: LoggerService;
      appBaseUrl?: string;
    },
  ) {}

  /** Subscribes to the run transitions; returns the unsubscribe function. */
  subscribe(): () => void {
    return this.options.events.subscribe(t => {
      void this.onTransition(t);
    });
  }

  /** Delivers `t` after the run's earlier deliveries; never rejects. */
  onTransition(t: FailoverTransition): Promise<void> {
    const phase = PHASES[t.event];
    if (!phase || t.kind === 'drill' || !this.options.channels.length) {
      return Promise.resolve();
    }
    const previous = this.chains.get(t.runId) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(t, phase))
      .catch(error =>
        this.options.logger.warn(
          `Failover run ${t.runId}: incidents not delivered: ${sanitizeForLog(
            errorMessage(error),
            500,
          )}`,
        ),
      );
    this.chains.set(t.runId, next);
    return next.finally(() => {
      if (this.chains.get(t.runId) === next) this.chains.delete(t.runId);
    });
  }

  /** Waits for every delivery under way (at shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.chains.values()]);
  }

  private async deliver(t: FailoverTransition, phase: IncidentPhase) {
    const run = await this.options.getRun(t.runId);
    if (!run || run.dry) return;
    const outside = incidentRun(
      run,
      runLink(this.options.appBaseUrl, run),
      t.error,
    );
    await Promise.all(
      this.options.channels.map(async channel => {
        try {
          const record = await send(channel, outside, phase);
          await this.record(t, RECORDED[phase], {
            channel: channel.name,
            ...record,
          });
        } catch (error) {
          const message = sanitizeForLog(errorMessage(error), 500);
          this.options.logger.warn(
            `Failover run ${t.runId}: ${channel.name} incident not ${phase}: ${message}`,
          );
          await this.record(
            t,
            'incident.delivery-failed',
            { channel: channel.name },
            message,
          );
        }
      }),
    );
  }

  private record(
    t: FailoverTransition,
    event: string,
    detail: Record<string, string>,
    error?: string,
  ) {
    return this.options.events.emit({
      runId: t.runId,
      entityRef: t.entityRef,
      actor: t.actor,
      kind: t.kind,
      status: t.status,
      event,
      detail,
      ...(error ? { error } : {}),
    });
  }
}
