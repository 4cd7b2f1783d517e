import {
  fetchFailureReason,
  StepExecutor,
  TrafficShiftProvider,
  StepError,
} from './types';

/**
 * Built-in traffic provider: POSTs `{ entityRef, from, to, runId }` as JSON
 * to `multiCluster.failover.traffic.webhook.url`; any 2xx is success.
 */
export class WebhookTrafficShiftProvider implements TrafficShiftProvider {
  readonly name = 'webhook';
  constructor(private readonly options: { url: string; token?: string }) {}

  async shift(request: Parameters<TrafficShiftProvider['shift']>[0]) {
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.options.token
            ? { Authorization: `Bearer ${this.options.token}` }
            : {}),
        },
        body: JSON.stringify({
          entityRef: request.entityRef,
          from: request.from,
          to: request.to,
          runId: request.runId,
          dryRun: request.dryRun,
        }),
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason ?? error;
      throw new StepError(`traffic webhook: ${fetchFailureReason(error)}`);
    }
    if (!response.ok) {
      throw new StepError(`traffic webhook: HTTP ${response.status}`, {
        retryable: response.status >= 500 || response.status === 429,
      });
    }
    return { status: response.status };
  }
}

/** Points traffic away from the source through the configured provider. */
export const trafficShift: StepExecutor = async ({
  run,
  step,
  deps,
  signal,
}) => {
  const { from, to } = step.params as { from: string; to: string[] };
  if (!deps.traffic) {
    return { skipped: 'no traffic provider configured' };
  }
  if (run.dry) {
    return { output: { dryRun: true, provider: deps.traffic.name, from, to } };
  }
  const result = await deps.traffic.shift({
    runId: run.id,
    entityRef: run.entityRef,
    from,
    to,
    dryRun: run.dry,
    signal,
  });
  return {
    output: { provider: deps.traffic.name, from, to, ...(result ?? {}) },
  };
};
