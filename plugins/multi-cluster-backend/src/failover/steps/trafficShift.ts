import { TrafficProviderError } from '../../traffic/errors';
import { postWebhook } from '../../traffic/webhook';
import {
  restoreTraffic,
  shiftTraffic,
  TrafficParams,
} from './trafficProviderShift';
import {
  StepContext,
  StepError,
  StepExecutor,
  TrafficShiftProvider,
} from './types';

/**
 * Built-in traffic provider: POSTs `{ entityRef, from, to, runId }` as JSON
 * to `multiCluster.failover.traffic.webhook.url`; any 2xx is success. Used
 * for services that name no provider (`flotilla.io/traffic-provider`).
 */
export class WebhookTrafficShiftProvider implements TrafficShiftProvider {
  readonly name = 'webhook';
  constructor(private readonly options: { url: string; token?: string }) {}

  async shift(request: Parameters<TrafficShiftProvider['shift']>[0]) {
    try {
      return await postWebhook(
        this.options,
        {
          entityRef: request.entityRef,
          from: request.from,
          to: request.to,
          runId: request.runId,
          dryRun: request.dryRun,
        },
        request.signal,
      );
    } catch (error) {
      if (!(error instanceof TrafficProviderError)) throw error;
      throw new StepError(error.message, { retryable: error.retryable });
    }
  }
}

/** Services that name no provider: the module's TrafficShiftProvider, if any. */
async function legacyShift(ctx: StepContext, params: TrafficParams) {
  const { run, deps, signal } = ctx;
  const { from, to } = params;
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
}

/**
 * Points traffic away from the source through the service's provider
 * (recording the state before, reading back after), or, on a rollback,
 * restores exactly the state its original recorded.
 */
export const trafficShift: StepExecutor = async ctx => {
  const params = ctx.step.params as TrafficParams;
  if (!params.provider) return legacyShift(ctx, params);
  const provider = ctx.deps.trafficProviders?.get(params.provider);
  if (!provider) {
    throw new StepError(
      `traffic provider '${params.provider}' is not configured`,
      { retryable: false },
    );
  }
  if (!params.record) {
    throw new StepError(`no record to shift in provider '${provider.name}'`, {
      retryable: false,
    });
  }
  return params.rollbackOf
    ? restoreTraffic(ctx, provider, params.record, {
        ...params,
        rollbackOf: params.rollbackOf,
      })
    : shiftTraffic(ctx, provider, params.record, params);
};
