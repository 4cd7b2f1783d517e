import { PagerDutyConfig } from './config';
import { IncidentHttpOptions, requestJson } from './http';
import { IncidentPhase, IncidentRun, pagerDutySummary } from './incidentText';
import { IncidentChannel } from './types';

/** PagerDuty's limit on one event's JSON. */
const MAX_EVENT_BYTES = 512 * 1024;

/** One dedup key per run: a repeated trigger is the same incident. */
export const pagerDutyDedupKey = (runId: string) =>
  `flotilla-failover-${runId}`;

/**
 * PagerDuty Events API v2 (`POST /v2/enqueue`). Plain `fetch`, not
 * `@pagerduty/pdjs`: its `event()` only takes a host (no configurable
 * URL), sleeps 20 s between its 429 retries where no abort reaches, and
 * its request timeout sets a timer that does nothing. The API is one
 * POST of a documented body.
 */
export class PagerDutyChannel implements IncidentChannel {
  readonly name = 'pagerduty' as const;

  constructor(
    private readonly config: PagerDutyConfig,
    private readonly http: IncidentHttpOptions,
  ) {}

  /** The trigger event; a repeated one updates the open alert's summary. */
  triggerEvent(run: IncidentRun, phase: IncidentPhase) {
    return {
      routing_key: this.config.routingKey,
      event_action: 'trigger',
      dedup_key: pagerDutyDedupKey(run.id),
      payload: {
        summary: pagerDutySummary(run, phase),
        source: run.from,
        severity: this.config.severity,
        component: run.entityRef,
        group: 'flotilla-failover',
        class: run.kind,
        custom_details: {
          run: run.id,
          service: run.service,
          from: run.from,
          to: run.to,
          reason: run.reason,
          requestedBy: run.actor,
          state: phase,
          ...(run.error ? { error: run.error } : {}),
        },
      },
      links: [{ href: run.link, text: 'The run in Backstage' }],
      client: 'Flotilla',
      client_url: run.link,
    };
  }

  private async send(event: {
    routing_key: string;
    event_action: string;
    dedup_key: string;
  }) {
    const size = Buffer.byteLength(JSON.stringify(event));
    if (size > MAX_EVENT_BYTES) {
      // Every field is bounded: this is a bug, not an input.
      throw new Error(`PagerDuty event of ${size} bytes is over 512 KB`);
    }
    const answer = (await requestJson(
      'PagerDuty',
      this.config.eventsUrl,
      { method: 'POST', body: event },
      this.http,
    )) as { dedup_key?: unknown } | undefined;
    return {
      dedupKey:
        typeof answer?.dedup_key === 'string'
          ? answer.dedup_key
          : event.dedup_key,
    };
  }

  open(run: IncidentRun) {
    return this.send(this.triggerEvent(run, 'started'));
  }

  update(run: IncidentRun, phase: 'failed' | 'cancelled') {
    return this.send(this.triggerEvent(run, phase));
  }

  resolve(run: IncidentRun) {
    return this.send({
      routing_key: this.config.routingKey,
      event_action: 'resolve',
      dedup_key: pagerDutyDedupKey(run.id),
    });
  }
}
