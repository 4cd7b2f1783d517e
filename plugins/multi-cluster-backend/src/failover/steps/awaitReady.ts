import { errorMessage, StepContext, StepError } from './types';

/** Replicas a cluster must run ready for the service. */
export interface ReadyExpectation {
  cluster: string;
  replicas: number;
}

/** What one read of one cluster showed. */
export interface ReadinessReading {
  cluster: string;
  expected: number;
  ready?: number;
  available?: number;
  ok: boolean;
  /** The read failed: the cluster did not answer, or refused. */
  error?: string;
}

export interface ReadinessOutcome {
  readings: ReadinessReading[];
  polls: number;
  /** The first read in which every cluster reported the ready replicas. */
  readyAt?: string;
}

/** Reads the service's ready replicas in each cluster once. */
async function readOnce(
  ctx: StepContext,
  expectations: ReadyExpectation[],
  kubernetesId: string,
): Promise<ReadinessReading[]> {
  const { deps, run, signal, timeoutMs } = ctx;
  return Promise.all(
    expectations.map(async e => {
      try {
        const workloads = await deps.workloads.listWorkloads(
          e.cluster,
          { kubernetesId, namespace: run.context.namespace },
          { signal, timeoutMs: Math.min(timeoutMs, 10_000) },
        );
        const sum = (f: (w: (typeof workloads)[number]) => number) =>
          workloads.reduce((total, w) => total + f(w), 0);
        const ready = sum(w => w.readyReplicas ?? 0);
        const available = sum(w => w.availableReplicas ?? w.readyReplicas ?? 0);
        return {
          cluster: e.cluster,
          expected: e.replicas,
          ready,
          available,
          ok: available >= e.replicas,
        };
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        return {
          cluster: e.cluster,
          expected: e.replicas,
          ok: false,
          error: errorMessage(error),
        };
      }
    }),
  );
}

/**
 * Fails at once when a cluster the step waits for is unhealthy by the
 * inventory's verdict: waiting out the step's deadline would only hide it.
 */
async function failIfUnhealthy(ctx: StepContext, clusters: string[]) {
  for (const name of clusters) {
    const cluster = await ctx.deps.inventory.getCluster(name);
    if (cluster?.health?.status === 'unhealthy') {
      throw new StepError(
        `${name} is unhealthy (${
          cluster.health.message ?? 'no reason given'
        }): it cannot run the replicas this step waits for`,
        { retryable: false },
      );
    }
  }
}

function describeWait(readings: ReadinessReading[]): string {
  return readings
    .filter(r => !r.ok)
    .map(r =>
      r.error
        ? `${r.cluster}: ${r.error}`
        : `${r.cluster}: ${r.available ?? 0} of ${r.expected} available`,
    )
    .join('; ');
}

/**
 * Polls until every cluster runs its expected replicas available, bounded
 * by the step's signal. Each read is recorded as the step's progress (with
 * a warning naming the clusters still short), and a cluster the inventory
 * finds unhealthy fails the step at once, with the reason.
 */
export async function awaitReplicasReady(
  ctx: StepContext,
  expectations: ReadyExpectation[],
  what: string,
): Promise<ReadinessOutcome> {
  const kubernetesId = ctx.run.context.kubernetesId;
  if (!kubernetesId) {
    throw new StepError(
      `${ctx.run.entityRef} has no backstage.io/kubernetes-id`,
      {
        retryable: false,
      },
    );
  }
  let polls = 0;
  let readyAt: string | undefined;
  let readings: ReadinessReading[] = [];
  const notInTime = () =>
    new StepError(`${what}: not ready in time: ${describeWait(readings)}`);
  for (;;) {
    polls += 1;
    try {
      readings = await readOnce(ctx, expectations, kubernetesId);
    } catch (error) {
      // A deadline during a read still reports what the last read saw.
      if (ctx.signal.aborted && readings.length) throw notInTime();
      throw error;
    }
    if (!readyAt && readings.every(r => (r.ready ?? 0) >= r.expected)) {
      readyAt = new Date().toISOString();
    }
    if (readings.every(r => r.ok)) return { readings, polls, readyAt };
    await failIfUnhealthy(
      ctx,
      readings.filter(r => !r.ok).map(r => r.cluster),
    );
    await ctx.progress({
      waitingFor: what,
      clusters: readings,
      warning: `still waiting: ${describeWait(readings)}`,
      polls,
    });
    try {
      await ctx.deps.sleep(ctx.pollIntervalMs, ctx.signal);
    } catch {
      throw notInTime();
    }
  }
}
