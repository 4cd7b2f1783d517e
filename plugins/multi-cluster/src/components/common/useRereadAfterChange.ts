import { useCallback, useEffect, useState } from 'react';

/**
 * How often a tab re-reads after a change it made (a scale, an upgrade, a
 * failover) and while a MachineDeployment rolls out: the backend shows a
 * change only once the clusters report it, so the tab asks again until then.
 */
export const CLUSTER_REREAD_INTERVAL_MS = 2000;
/** How long after a change a tab keeps re-reading. */
export const CLUSTER_REREAD_WINDOW_MS = 30_000;

/**
 * Re-reads a value that the backend shows changed only after its next
 * refresh. The next read comes one interval after each answer, while
 * `inProgress` holds (a rollout) and until the window after the last call of
 * the returned `afterChange` has passed; `afterChange` itself reads at once.
 *
 * @param reread - starts a read; a no-op while one is under way
 * @param answer - the latest answer: each new one schedules the next read
 * @param inProgress - keep reading whatever the window says
 */
export function useRereadAfterChange(
  reread: () => void,
  answer: unknown,
  inProgress: boolean,
): () => void {
  const [watchUntil, setWatchUntil] = useState(0);
  useEffect(() => {
    if (!inProgress && Date.now() > watchUntil) return undefined;
    const timer = setTimeout(reread, CLUSTER_REREAD_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [inProgress, watchUntil, reread, answer]);
  return useCallback(() => {
    setWatchUntil(Date.now() + CLUSTER_REREAD_WINDOW_MS);
    reread();
  }, [reread]);
}
