import { useSearchParams } from 'react-router-dom';

/**
 * The query parameter of a service's Multi-cluster tab naming a failover run
 * to follow (`?failoverRun=<id>`), as links from a region failover set it.
 */
export const FOLLOW_RUN_PARAM = 'failoverRun';

/** The run the page's link names, if any. */
export function useFollowedRunId(): string | undefined {
  const [searchParams] = useSearchParams();
  return searchParams.get(FOLLOW_RUN_PARAM) ?? undefined;
}
