import {
  trafficServes,
  type TrafficEndpoint,
} from '@flotilla/plugin-multi-cluster-node';
import { errorMessage, StepContext, StepError } from '../types';

/** The record the run's traffic step shifted through a provider, and where to. */
export interface TrafficRoute {
  provider: string;
  record: string;
  from: string;
  to: string[];
}

/** What one read-back of the record showed. */
export interface TrafficReading {
  provider: string;
  record: string;
  ok: boolean;
  /** Why the record does not serve the targets yet, or why it was not read. */
  reason?: string;
  endpoints?: TrafficEndpoint[];
}

/**
 * The route of the run's traffic-shift step, when that step ran with a
 * provider (`flotilla.io/traffic-provider`); the webhook reads nothing back.
 */
export function shiftedRoute(ctx: StepContext): TrafficRoute | undefined {
  const step = ctx.run.steps.find(s => s.kind === 'traffic-shift');
  if (!step || step.skipReason || step.status === 'skipped') return undefined;
  const params = step.params as Partial<TrafficRoute> | undefined;
  if (!params?.provider || !params.record || !params.from || !params.to) {
    return undefined;
  }
  return {
    provider: params.provider,
    record: params.record,
    from: params.from,
    to: params.to,
  };
}

/**
 * Reads the record back through its provider and checks it sends users to
 * the targets and none to the source. A provider the configuration no
 * longer has fails the step at once: waiting cannot bring it back.
 */
export async function readTraffic(
  ctx: StepContext,
  route: TrafficRoute,
): Promise<TrafficReading> {
  const provider = ctx.deps.trafficProviders?.get(route.provider);
  if (!provider) {
    throw new StepError(
      `traffic provider ${route.provider} is not configured (multiCluster.traffic.providers)`,
      { retryable: false },
    );
  }
  const { record } = route;
  try {
    const state = await provider.read({ record, signal: ctx.signal });
    const served = trafficServes(state, route);
    return {
      provider: route.provider,
      record,
      ok: served.ok,
      ...(served.reason ? { reason: served.reason } : {}),
      endpoints: state.endpoints,
    };
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? error;
    return {
      provider: route.provider,
      record,
      ok: false,
      reason: `reading ${record} back failed: ${errorMessage(error)}`,
    };
  }
}
