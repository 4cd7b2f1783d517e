import { describeProbe } from '../../probe/healthProbe';
import { StepContext, StepError } from '../types';
import { ClusterProbe, probeAll, ProbeTarget } from './targetProbes';
import { readTraffic, TrafficReading, TrafficRoute } from './trafficReadBack';

/** What verify waits for once the replicas are ready. */
export interface ServingChecks {
  traffic?: TrafficRoute;
  probes: ProbeTarget[];
}

export interface ServingOutcome {
  traffic?: TrafficReading;
  probes: ClusterProbe[];
  polls: number;
}

function describeFailures(
  traffic: TrafficReading | undefined,
  probes: ClusterProbe[],
): string {
  return [
    ...(traffic && !traffic.ok ? [`traffic: ${traffic.reason}`] : []),
    ...probes
      .filter(p => !p.ok)
      .map(p => `${p.cluster}: ${p.url} answers ${describeProbe(p)}`),
  ].join('; ');
}

/**
 * Polls until the traffic provider reads back the new route and every
 * target's health probe passes, bounded by the step's signal; each read is
 * recorded as the step's progress (`base` plus what it saw and a warning
 * naming what still fails), and the deadline fails the step with the last
 * answers of the failing clusters.
 */
export async function awaitServing(
  ctx: StepContext,
  checks: ServingChecks,
  base: Record<string, unknown>,
): Promise<ServingOutcome> {
  let polls = 0;
  let failing = '';
  const notInTime = () => new StepError(`not serving in time: ${failing}`);
  for (;;) {
    polls += 1;
    let traffic: TrafficReading | undefined;
    let probes: ClusterProbe[];
    try {
      [traffic, probes] = await Promise.all([
        checks.traffic ? readTraffic(ctx, checks.traffic) : undefined,
        probeAll(ctx, checks.probes),
      ]);
    } catch (error) {
      // A deadline during a read still reports what the last one saw.
      if (ctx.signal.aborted && failing) throw notInTime();
      throw error;
    }
    failing = describeFailures(traffic, probes);
    if (!failing) return { traffic, probes, polls };
    await ctx.progress({
      ...base,
      ...(traffic ? { traffic } : {}),
      probes,
      warning: `still waiting: ${failing}`,
      servingPolls: polls,
    });
    try {
      await ctx.deps.sleep(ctx.pollIntervalMs, ctx.signal);
    } catch {
      throw notInTime();
    }
  }
}
