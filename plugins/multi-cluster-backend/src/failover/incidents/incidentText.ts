import { OUTSIDE_BOUNDS, outsideText } from '../../util/outsideText';
import { FailoverRun } from '../types';

/** Where a run is, as the incident channels tell it. */
export type IncidentPhase = 'started' | 'succeeded' | 'failed' | 'cancelled';

/** The run's fields as the channels may show them: escaped and bounded. */
export interface IncidentRun {
  id: string;
  kind: FailoverRun['kind'];
  entityRef: string;
  /** The entity's name, e.g. `checkout` (component ids are keyed by it). */
  entityName: string;
  service: string;
  from: string;
  to: string;
  reason: string;
  actor: string;
  error?: string;
  link: string;
}

/*
 * Markup is neutralized for every channel: PagerDuty forwards incidents to
 * Slack, Teams and email through its own extensions.
 */
const name = (value: unknown) =>
  outsideText(value, OUTSIDE_BOUNDS.name, { markup: true });
const reason = (value: unknown) =>
  outsideText(value, OUTSIDE_BOUNDS.reason, { markup: true });

/** `run`'s outside text, each field escaped and bounded once, here. */
export function incidentRun(
  run: FailoverRun,
  link: string,
  error?: string,
): IncidentRun {
  return {
    id: name(run.id),
    kind: run.kind,
    entityRef: name(run.entityRef),
    entityName: run.entityRef.split('/').pop() ?? run.entityRef,
    service: name(run.context.title ?? run.entityRef),
    from: name(run.from),
    to: name(run.to.join(', ')),
    reason: reason(run.reason),
    actor: name(run.actor),
    error: error === undefined ? undefined : reason(error),
    link,
  };
}

const VERBS: Record<IncidentPhase, string> = {
  started: 'in progress',
  succeeded: 'succeeded',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/** PagerDuty's `payload.summary`: at most 1024 characters. */
export function pagerDutySummary(run: IncidentRun, phase: IncidentPhase) {
  const what = run.kind === 'rollback' ? 'Failback' : 'Failover';
  const error = run.error ? `: ${run.error}` : '';
  return outsideText(
    `${what} of ${run.service} from ${run.from} to ${run.to} ${VERBS[phase]}${error}`,
    OUTSIDE_BOUNDS.pagerDutySummary,
  );
}

/** The public status page's words: the service, never internal detail. */
export function statusPageText(run: IncidentRun, phase: IncidentPhase) {
  const service = run.service;
  const bodies: Record<IncidentPhase, string> = {
    started: `We are moving ${service} to another region to restore service.`,
    succeeded: `${service} runs in another region and is operating normally.`,
    failed: `Moving ${service} to another region did not complete. Our engineers are working on it.`,
    cancelled: `Moving ${service} to another region was stopped. Our engineers are working on it.`,
  };
  return {
    name: outsideText(
      `${service}: degraded service, recovery in progress`,
      OUTSIDE_BOUNDS.incidentName,
      { markup: true },
    ),
    body: bodies[phase],
  };
}
