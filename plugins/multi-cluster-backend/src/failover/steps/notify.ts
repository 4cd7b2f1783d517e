import { FailoverRun } from '../types';
import { OUTSIDE_BOUNDS, outsideText } from '../../util/outsideText';
import { errorMessage, StepDeps, StepExecutor } from './types';

/** The run on the service's multi-cluster tab (`app.baseUrl` first). */
export function runLink(
  appBaseUrl: string | undefined,
  run: Pick<FailoverRun, 'entityRef' | 'id'>,
): string {
  const [kind, rest] = run.entityRef.split(':');
  const [namespace, name] = (rest ?? '').split('/').map(encodeURIComponent);
  return `${appBaseUrl ?? ''}/catalog/${namespace}/${encodeURIComponent(
    kind,
  )}/${name}/multi-cluster?failover=${encodeURIComponent(run.id)}`;
}

/** A notification's fields, before they are made safe. */
export interface FailoverMessage {
  title: string;
  description: string;
  severity: 'low' | 'normal' | 'high' | 'critical';
}

/**
 * The payload as the notifications modules deliver it: Slack renders the
 * title and description as mrkdwn and email as HTML, so text from
 * entities and clusters in them is neutralized and bounded here.
 */
export function notificationPayload(link: string, message: FailoverMessage) {
  return {
    title: outsideText(message.title, OUTSIDE_BOUNDS.title, { markup: true }),
    description: outsideText(message.description, OUTSIDE_BOUNDS.body, {
      markup: true,
      multiline: true,
    }),
    link,
    severity: message.severity,
    topic: 'multi-cluster-failover',
  };
}

/**
 * Tells the owners through Backstage's notifications service; its Slack
 * and email modules, where the adopter installs them, are the delivery.
 */
export async function sendFailoverNotification(
  deps: StepDeps,
  run: FailoverRun,
  message: FailoverMessage,
): Promise<{ output: Record<string, unknown>; errors: string[] }> {
  const output: Record<string, unknown> = {};
  const errors: string[] = [];
  if (deps.notifications && run.context.owners.length) {
    try {
      await deps.notifications.send({
        recipients: { type: 'entity', entityRef: run.context.owners },
        payload: notificationPayload(
          runLink(deps.config.appBaseUrl, run),
          message,
        ),
      });
      output.notified = run.context.owners;
    } catch (error) {
      errors.push(`Backstage notifications: ${errorMessage(error)}`);
    }
  }
  return { output, errors };
}

/**
 * What the owners are told when a run completes. A drill is a rehearsal
 * the owners planned: it says so, at normal severity, so nobody mistakes
 * it for an outage.
 */
export function completionMessage(run: FailoverRun): FailoverMessage {
  const service = run.context.title ?? run.entityRef;
  const route = `from ${run.from} to ${run.to.join(', ')}`;
  if (run.kind === 'drill') {
    return {
      title: `DR drill: ${service} moved ${route} (a rehearsal, not an outage)`,
      description: `Drill ${run.id} requested by ${run.actor}: ${run.reason}. Roll it back from the run when the rehearsal is over.`,
      severity: 'normal',
    };
  }
  const verb = run.kind === 'rollback' ? 'failed back' : 'failed over';
  return {
    title: `${service} ${verb} ${route}`,
    description: `${run.kind} ${run.id} requested by ${run.actor}: ${run.reason}`,
    severity: 'high',
  };
}

/** Tells the owners that the service moved. */
export const notify: StepExecutor = async ({ run, step, deps, attempt }) => {
  if (run.dry) {
    return { output: { dryRun: true, wouldNotify: run.context.owners } };
  }
  const { output, errors } = await sendFailoverNotification(
    deps,
    run,
    completionMessage(run),
  );
  if (errors.length && attempt < step.maxAttempts) {
    throw new Error(errors.join('; '));
  }
  // The service has moved: a notification channel that stays down is
  // recorded on the step, not turned into a failed failover.
  return { output: errors.length ? { ...output, errors } : output };
};
