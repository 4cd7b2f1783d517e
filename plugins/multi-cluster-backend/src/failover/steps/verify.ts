import { raisedExpectations } from './shift/phases';
import { awaitReplicasReady, ReadyExpectation } from './awaitReady';
import {
  fetchFailureReason,
  StepContext,
  StepError,
  StepExecutor,
} from './types';

async function checkUrl(url: string, signal: AbortSignal) {
  try {
    const response = await fetch(url, { method: 'GET', signal });
    return { ok: response.ok, status: response.status };
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    return { ok: false, error: fetchFailureReason(error) };
  }
}

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

/**
 * Polls until every cluster that gained replicas reports them available
 * (and the optional `flotilla.io/health-url` answers 2xx), bounded by the
 * step's deadline; progress and a warning naming the clusters still short
 * are recorded on each read, and a cluster that turns unhealthy fails the
 * step at once. `readyAt` records the first read in which every target
 * reported the ready replicas (the end of a drill's measured RTO).
 */
export const verify: StepExecutor = async ctx => {
  const { run, signal } = ctx;
  const expectations = await expectationsOf(ctx);
  if (run.dry) {
    return { output: { dryRun: true, clusters: expectations } };
  }
  const outcome = await awaitReplicasReady(
    ctx,
    expectations,
    'the clusters that gained replicas',
  );
  let health: Awaited<ReturnType<typeof checkUrl>> | undefined;
  if (run.context.healthUrl) {
    for (;;) {
      health = await checkUrl(run.context.healthUrl, signal);
      if (health.ok) break;
      await ctx.progress({
        clusters: outcome.readings,
        warning: `${run.context.healthUrl} answers ${
          health.status ?? health.error
        }`,
      });
      try {
        await ctx.deps.sleep(ctx.pollIntervalMs, signal);
      } catch {
        throw new StepError(
          `${run.context.healthUrl} did not answer 2xx in time: ${
            health.status ?? health.error
          }`,
        );
      }
    }
  }
  return {
    output: {
      clusters: outcome.readings,
      ...(outcome.readyAt ? { readyAt: outcome.readyAt } : {}),
      ...(health ? { healthUrl: run.context.healthUrl, health } : {}),
      polls: outcome.polls,
    },
  };
};
