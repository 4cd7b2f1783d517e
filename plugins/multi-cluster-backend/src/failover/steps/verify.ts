import {
  errorMessage,
  fetchFailureReason,
  StepError,
  StepExecutor,
} from './types';

async function checkUrl(url: string, signal: AbortSignal) {
  try {
    const response = await fetch(url, { method: 'GET', signal });
    return { ok: response.ok, status: response.status };
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    return {
      ok: false,
      error: fetchFailureReason(error),
    };
  }
}

/**
 * Polls until every target reports the desired available replicas (and the
 * optional `flotilla.io/health-url` answers 2xx); the step timeout bounds it.
 * `readyAt` records the first read in which every target reported the
 * desired ready replicas (the end of a drill's measured RTO).
 */
export const verify: StepExecutor = async ({
  run,
  step,
  deps,
  signal,
  pollIntervalMs,
  timeoutMs,
}) => {
  const { expected } = step.params as {
    expected: { cluster: string; replicas: number }[];
  };
  const kubernetesId = run.context.kubernetesId;
  if (!kubernetesId) {
    throw new StepError(`${run.entityRef} has no backstage.io/kubernetes-id`, {
      retryable: false,
    });
  }
  // Only the clusters that receive replicas must show them; the failed
  // source may be unreachable.
  const targets = expected.filter(e => run.to.includes(e.cluster));
  let polls = 0;
  let last: unknown[] = [];
  let readyAt: string | undefined;
  for (;;) {
    polls++;
    const reading = Promise.all(
      targets.map(async t => {
        try {
          const workloads = await deps.workloads.listWorkloads(
            t.cluster,
            { kubernetesId, namespace: run.context.namespace },
            { signal, timeoutMs: Math.min(timeoutMs, 10_000) },
          );
          const available = workloads.reduce(
            (s, w) => s + (w.availableReplicas ?? w.readyReplicas ?? 0),
            0,
          );
          const ready = workloads.reduce(
            (s, w) => s + (w.readyReplicas ?? 0),
            0,
          );
          return {
            cluster: t.cluster,
            expected: t.replicas,
            available,
            ready,
            ok: run.dry ? true : available >= t.replicas,
          };
        } catch (error) {
          if (signal.aborted) throw signal.reason ?? error;
          return {
            cluster: t.cluster,
            expected: t.replicas,
            error: errorMessage(error),
            ok: false,
          };
        }
      }),
    );
    let observed: Awaited<typeof reading>;
    try {
      observed = await reading;
    } catch (error) {
      // A deadline during a read still reports what the last read saw.
      if (signal.aborted && polls > 1) break;
      throw error;
    }
    last = observed;
    // The moment the targets were first seen ready: a drill's RTO ends here.
    if (
      !readyAt &&
      !run.dry &&
      observed.every(o => (o.ready ?? 0) >= o.expected)
    ) {
      readyAt = new Date().toISOString();
    }
    let health: Awaited<ReturnType<typeof checkUrl>> | undefined;
    if (run.context.healthUrl) {
      health = await checkUrl(run.context.healthUrl, signal);
    }
    if (observed.every(o => o.ok) && (!health || health.ok)) {
      return {
        output: {
          ...(run.dry ? { dryRun: true } : {}),
          clusters: observed,
          ...(readyAt ? { readyAt } : {}),
          ...(health ? { healthUrl: run.context.healthUrl, health } : {}),
          polls,
        },
      };
    }
    if (signal.aborted) break;
    try {
      await deps.sleep(pollIntervalMs, signal);
    } catch {
      break;
    }
  }
  throw new StepError(
    `targets did not report the desired replicas in time: ${JSON.stringify(
      last,
    )}`,
  );
};
