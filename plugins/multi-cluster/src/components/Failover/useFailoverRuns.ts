import { useEffect, useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { multiClusterApiRef } from '../../api';
import { useFailoverRun } from './useFailoverRun';

/**
 * The service's past runs and the one being followed (from the start, the
 * one a link named), with cancel and rollback; an action's error is kept to
 * show it.
 */
export function useFailoverRuns(
  entityRef: string,
  onRunFinished?: () => void,
  initialRunId?: string,
) {
  const api = useApi(multiClusterApiRef);
  const [runId, setRunId] = useState<string | undefined>(initialRunId);
  const [actionError, setActionError] = useState<string>();
  const history = useAsyncRetry(
    () => api.listFailovers(entityRef),
    [api, entityRef],
  );
  const { run, finished } = useFailoverRun(runId);
  const retryHistory = history.retry;
  useEffect(() => {
    if (finished) {
      onRunFinished?.();
      retryHistory();
    }
    // Only when a run reaches its end, not on every history reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, run?.id]);

  const act = async (action: () => Promise<void>) => {
    setActionError(undefined);
    try {
      await action();
    } catch (e) {
      setActionError((e as Error).message);
    }
  };
  /** Follows a run just started, and shows it in the history. */
  const follow = (id: string) => {
    setRunId(id);
    history.retry();
  };
  const cancel = (id: string) =>
    act(async () => void (await api.cancelFailover(id)));
  const rollBack = (id: string) =>
    act(async () => {
      follow((await api.rollbackFailover(id, `Roll back ${id}`)).id);
    });

  return { history, run, finished, actionError, follow, cancel, rollBack };
}
