import { useEffect } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { useSignal } from '@backstage/plugin-signals-react';
import { multiClusterApiRef } from '../../api';
import {
  isFinished,
  REGION_FAILOVER_CHANNEL,
  type RegionFailoverSignal,
} from './stormStatus';
import { STORM_POLL_MS, STORM_POLL_WITH_SIGNALS_MS } from './useRegionFailover';

/** How many of the latest region failovers the list shows. */
export const STORM_LIST_LIMIT = 50;

/**
 * The latest region failovers and failbacks, read again on each signal and,
 * while one of them is still running or paused, on a poll.
 */
export function useRegionFailovers() {
  const api = useApi(multiClusterApiRef);
  const list = useAsyncRetry(
    () => api.listRegionFailovers(STORM_LIST_LIMIT),
    [api],
  );
  const { lastSignal, isSignalsAvailable } = useSignal<RegionFailoverSignal>(
    REGION_FAILOVER_CHANNEL,
  );
  const retry = list.retry;

  useEffect(() => {
    if (lastSignal) retry();
    // Only on a new signal, not when the list reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastSignal]);

  const unfinished = (list.value?.items ?? []).some(s => !isFinished(s));
  useEffect(() => {
    if (!unfinished || list.loading) return undefined;
    const timer = setTimeout(
      retry,
      isSignalsAvailable ? STORM_POLL_WITH_SIGNALS_MS : STORM_POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [unfinished, list.loading, isSignalsAvailable, retry]);

  return list;
}
