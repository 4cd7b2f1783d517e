import { useEffect, useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { useSignal } from '@backstage/plugin-signals-react';
import type { FailoverRun } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
/**
 * How often a run that has not ended is read again: a failover's steps take
 * seconds, and polling is what follows a run where signals are not installed.
 */
export const FAILOVER_POLL_MS = 1000;
/** After a failed read, the next waits longer: the backend may be restarting. */
export const FAILOVER_POLL_AFTER_ERROR_MS = 3 * FAILOVER_POLL_MS;

/**
 * Follows one run to its end: a signal from the backend triggers an immediate
 * refresh, and polling covers installations without signals.
 */
export function useFailoverRun(runId: string | undefined) {
  const api = useApi(multiClusterApiRef);
  const [run, setRun] = useState<FailoverRun>();
  const [error, setError] = useState<Error>();
  const { lastSignal } = useSignal<{ runId?: string }>(
    'multi-cluster:failover',
  );
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (lastSignal?.runId && lastSignal.runId === runId) setTick(t => t + 1);
  }, [lastSignal, runId]);

  useEffect(() => {
    if (!runId) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await api.getFailover(runId);
        if (cancelled) return;
        setRun(next);
        setError(undefined);
        if (!TERMINAL.has(next.status))
          timer = setTimeout(load, FAILOVER_POLL_MS);
      } catch (e) {
        if (cancelled) return;
        setError(e as Error);
        timer = setTimeout(load, FAILOVER_POLL_AFTER_ERROR_MS);
      }
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [api, runId, tick]);

  return { run, error, finished: run ? TERMINAL.has(run.status) : false };
}
