import { describeProbe, probeHealth } from '../probe/healthProbe';
import { raisedExpectations } from './shift/phases';
import { awaitReplicasReady, ReadyExpectation } from './awaitReady';
import { StepContext, StepError, StepExecutor } from './types';
import { awaitServing, ServingOutcome } from './verify/awaitServing';
import { probeTargets } from './verify/targetProbes';
import { shiftedRoute } from './verify/trafficReadBack';

/**
 * The replicas each cluster that gained some must run: what the run
 * recorded it wrote there, else (nothing recorded, a dry rehearsal) the
 * plan's counts for the run's targets.
 */
async function expectationsOf(ctx: StepContext): Promise<ReadyExpectation[]> {
  const recorded = raisedExpectations(await ctx.changes.ofRun());
  if (recorded.length) return recorded;
  const { expected } = ctx.step.params as {
    expected: { cluster: string; replicas: number }[];
  };
  // The failed source may be unreachable: only the targets must show them.
  return expected.filter(e => ctx.run.to.includes(e.cluster));
}

/** The legacy `flotilla.io/health-url`: one URL, polled until it answers 2xx. */
async function awaitHealthUrl(
  ctx: StepContext,
  url: string,
  base: Record<string, unknown>,
) {
  for (;;) {
    const health = await probeHealth(url, ctx.signal);
    if (health.ok) return health;
    await ctx.progress({
      ...base,
      warning: `${url} answers ${describeProbe(health)}`,
    });
    try {
      await ctx.deps.sleep(ctx.pollIntervalMs, ctx.signal);
    } catch {
      throw new StepError(
        `${url} did not answer 2xx in time: ${describeProbe(health)}`,
      );
    }
  }
}

/** Traffic read-back and health probes, when the run has either. */
async function awaitTraffic(
  ctx: StepContext,
  clusters: string[],
  base: Record<string, unknown>,
): Promise<ServingOutcome | undefined> {
  const { healthProbe } = ctx.step.params as { healthProbe?: string };
  const traffic = shiftedRoute(ctx);
  if (!traffic && !healthProbe) return undefined;
  const probes = healthProbe
    ? await probeTargets(ctx, healthProbe, clusters)
    : [];
  return awaitServing(ctx, { traffic, probes }, base);
}

/**
 * Polls until every cluster that gained replicas reports them available,
 * then until the traffic provider reads back the new route (when the
 * traffic step shifted through one) and the service's health probe
 * (`flotilla.io/health-probe`) passes on each of them, and the legacy
 * `flotilla.io/health-url` answers 2xx; all bounded by the step's deadline,
 * with progress and a warning naming what still fails recorded on each
 * read. A cluster that turns unhealthy fails the step at once. `readyAt`
 * records the first read in which every target reported the ready
 * replicas (the end of a drill's measured RTO).
 */
export const verify: StepExecutor = async ctx => {
  const { run } = ctx;
  const expectations = await expectationsOf(ctx);
  if (run.dry) {
    return { output: { dryRun: true, clusters: expectations } };
  }
  const outcome = await awaitReplicasReady(
    ctx,
    expectations,
    'the clusters that gained replicas',
  );
  const base = {
    clusters: outcome.readings,
    ...(outcome.readyAt ? { readyAt: outcome.readyAt } : {}),
    polls: outcome.polls,
  };
  const serving = await awaitTraffic(
    ctx,
    expectations.map(e => e.cluster),
    base,
  );
  const served = serving
    ? {
        ...(serving.traffic ? { traffic: serving.traffic } : {}),
        ...(serving.probes.length ? { probes: serving.probes } : {}),
      }
    : {};
  const healthUrl = run.context.healthUrl;
  const health = healthUrl
    ? await awaitHealthUrl(ctx, healthUrl, { ...base, ...served })
    : undefined;
  return {
    output: {
      ...base,
      ...served,
      ...(health ? { healthUrl, health } : {}),
    },
  };
};
