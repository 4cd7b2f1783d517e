/**
 * A watch of Clusters as the aggregated API server answers it: the current
 * state first when no resourceVersion is given, then the storage's events
 * matching the list selectors, until the caller leaves or the timeout ends it.
 */
import type { ServerResponse } from 'node:http';
import { ApiError, ApiStatus, failure } from './apiStatus';
import type { ClusterStorage, WatchEvent } from './clusterStorage';
import { listMatcher } from './clusterQueries';

export function serveClusterWatch(
  storage: ClusterStorage,
  openWatches: Set<ServerResponse>,
  query: URLSearchParams,
  response: ServerResponse,
): void {
  const matches = listMatcher(query);
  const requested = query.get('resourceVersion');
  const write = (
    event:
      | Pick<WatchEvent, 'type' | 'object'>
      | { type: 'ERROR'; object: ApiStatus },
  ) =>
    response.write(
      `${JSON.stringify({ type: event.type, object: event.object })}\n`,
    );
  // Chunked over HTTP/1.1 (no content-length), a stream over HTTP/2.
  response.writeHead(200, { 'content-type': 'application/json' });
  let from: number;
  if (!requested || requested === '0') {
    // No version: the current state first, as synthetic ADDED events.
    from = Number(storage.currentResourceVersion());
    for (const cluster of storage.listStored())
      if (matches(cluster)) write({ type: 'ADDED', object: cluster });
  } else {
    from = Number(requested);
    if (!Number.isInteger(from) || from < 0) {
      write({
        type: 'ERROR',
        object: failure(400, `invalid resource version "${requested}"`),
      });
      response.end();
      return;
    }
  }
  let unsubscribe: () => void;
  try {
    unsubscribe = storage.watch(from, event => {
      if (matches(event.object)) write(event);
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    write({ type: 'ERROR', object: error.status });
    response.end();
    return;
  }
  openWatches.add(response);
  const timeoutSeconds = Number(query.get('timeoutSeconds') ?? 0);
  // Like the apiserver, end a watch after its timeout (30-60 min otherwise).
  const limit =
    timeoutSeconds > 0
      ? timeoutSeconds * 1000
      : (30 + Math.random() * 30) * 60_000;
  const timer = setTimeout(() => response.end(), limit);
  response.on('close', () => {
    clearTimeout(timer);
    unsubscribe();
    openWatches.delete(response);
  });
}
