import { useEffect, useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { useSignal } from '@backstage/plugin-signals-react';
import type { RegionFailover } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import {
  isFinished,
  REGION_FAILOVER_CHANNEL,
  type RegionFailoverSignal,
} from './stormStatus';

/**
 * How often a region failover that has not ended is read again where the
 * backend's signals do not reach the browser; with signals, each change is
 * read when it is signalled and this poll is only a safety net.
 */
export const STORM_POLL_MS = 2000;
export const STORM_POLL_WITH_SIGNALS_MS = 15 * STORM_POLL_MS;
/** After a failed read, the next waits longer: the backend may be restarting. */
export const STORM_POLL_AFTER_ERROR_MS = 3 * STORM_POLL_MS;

/**
 * Follows one region failover to its end: its signals trigger a read at
 * once, polling covers installations without signals. The actions answer
 * the region failover as it is after them.
 */
export function useRegionFailover(id: string) {
  const api = useApi(multiClusterApiRef);
  const [storm, setStorm] = useState<RegionFailover>();
  const [error, setError] = useState<Error>();
  const [actionError, setActionError] = useState<string>();
  const [tick, setTick] = useState(0);
  const { lastSignal, isSignalsAvailable } = useSignal<RegionFailoverSignal>(
    REGION_FAILOVER_CHANNEL,
  );

  useEffect(() => {
    if (lastSignal && (!lastSignal.stormId || lastSignal.stormId === id)) {
      setTick(t => t + 1);
    }
  }, [lastSignal, id]);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const interval = isSignalsAvailable
      ? STORM_POLL_WITH_SIGNALS_MS
      : STORM_POLL_MS;
    const load = async () => {
      try {
        const next = await api.getRegionFailover(id);
        if (cancelled) return;
        setStorm(next);
        setError(undefined);
        if (!isFinished(next)) timer = setTimeout(load, interval);
      } catch (e) {
        if (cancelled) return;
        setError(e as Error);
        timer = setTimeout(load, STORM_POLL_AFTER_ERROR_MS);
      }
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [api, id, tick, isSignalsAvailable]);

  const act = async (action: () => Promise<RegionFailover>) => {
    setActionError(undefined);
    try {
      setStorm(await action());
    } catch (e) {
      setActionError((e as Error).message);
    }
  };

  /** Starts the failback of this region failover; answers the failback's id. */
  const failBack = async (reason: string): Promise<string | undefined> => {
    setActionError(undefined);
    try {
      return (await api.startFailback({ stormId: id, reason })).storm.id;
    } catch (e) {
      setActionError((e as Error).message);
      return undefined;
    }
  };

  return {
    storm,
    error,
    actionError,
    pause: () => act(() => api.pauseRegionFailover(id)),
    resume: () => act(() => api.resumeRegionFailover(id)),
    cancel: () => act(() => api.cancelRegionFailover(id)),
    failBack,
  };
}
