import { FailoverRun } from '../types';
import { errorMessage, StepDeps, StepExecutor } from './types';

export function runLink(deps: StepDeps, run: FailoverRun): string {
  const [kind, rest] = run.entityRef.split(':');
  const [namespace, name] = (rest ?? '').split('/');
  const base = deps.config.appBaseUrl ?? '';
  return `${base}/catalog/${namespace}/${kind}/${name}/multi-cluster?failover=${run.id}`;
}

/** Sends a notification to the owners and the optional Slack webhook. */
export async function sendFailoverNotification(
  deps: StepDeps,
  run: FailoverRun,
  message: {
    title: string;
    description: string;
    severity: 'low' | 'normal' | 'high' | 'critical';
  },
  signal?: AbortSignal,
): Promise<{ output: Record<string, unknown>; errors: string[] }> {
  const output: Record<string, unknown> = {};
  const errors: string[] = [];
  const link = runLink(deps, run);
  if (deps.notifications && run.context.owners.length) {
    try {
      await deps.notifications.send({
        recipients: { type: 'entity', entityRef: run.context.owners },
        payload: {
          title: message.title,
          description: message.description,
          link,
          severity: message.severity,
          topic: 'multi-cluster-failover',
        },
      });
      output.notified = run.context.owners;
    } catch (error) {
      errors.push(`Backstage notifications: ${errorMessage(error)}`);
    }
  }
  if (deps.config.slack) {
    try {
      const response = await fetch(deps.config.slack.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          text: `*${message.title}*\n${message.description}\n${link}`,
        }),
        signal,
      });
      if (!response.ok) {
        throw new Error(`HTTP ${response.status}`);
      }
      output.slack = 'sent';
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      errors.push(`Slack webhook: ${errorMessage(error)}`);
    }
  }
  return { output, errors };
}

/**
 * What the owners are told when a run completes. A drill is a rehearsal
 * the owners planned: it says so, at normal severity, so nobody mistakes
 * it for an outage.
 */
export function completionMessage(run: FailoverRun): {
  title: string;
  description: string;
  severity: 'normal' | 'high';
} {
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
export const notify: StepExecutor = async ({
  run,
  step,
  deps,
  signal,
  attempt,
}) => {
  if (run.dry) {
    return { output: { dryRun: true, wouldNotify: run.context.owners } };
  }
  const { output, errors } = await sendFailoverNotification(
    deps,
    run,
    completionMessage(run),
    signal,
  );
  if (errors.length && attempt < step.maxAttempts) {
    throw new Error(errors.join('; '));
  }
  // The service has moved: a notification channel that stays down is
  // recorded on the step, not turned into a failed failover.
  return { output: errors.length ? { ...output, errors } : output };
};
