/**
 * List, then watch from the list's resourceVersion, as an informer does;
 * after a watch ends or fails (410 Gone, the member's API server stopped by
 * an outage fault) list again, with a backoff, until the signal aborts.
 */
import { Watch, type KubeConfig } from '@kubernetes/client-node';

const MAX_BACKOFF_MS = 5000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise(resolve => {
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface ListWatchOptions<T> {
  /** For log lines: `members: <name>: ...`. */
  name: string;
  kc: KubeConfig;
  /** The collection's path, e.g. `/apis/apps/v1/deployments`. */
  path: string;
  list: () => Promise<{ items: T[]; metadata?: { resourceVersion?: string } }>;
  /** Called for every listed object and every ADDED / MODIFIED event. */
  onObject: (object: T) => void;
  onDelete?: (object: T) => void;
  log: (message: string) => void;
  signal: AbortSignal;
}

export async function runListWatch<T>(
  options: ListWatchOptions<T>,
): Promise<void> {
  const { signal, log } = options;
  const watch = new Watch(options.kc);
  let backoff = 250;
  let lastError = '';
  while (!signal.aborted) {
    try {
      const list = await options.list();
      for (const object of list.items) options.onObject(object);
      if (lastError) log(`members: ${options.name}: readable again`);
      lastError = '';
      backoff = 250;
      await watchFrom(watch, options, list.metadata?.resourceVersion);
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      // Say it once while the same error repeats (an outage lasts).
      if (message !== lastError && !signal.aborted) {
        log(`members: ${options.name}: ${message}`);
      }
      lastError = message;
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
    await sleep(backoff, signal);
  }
}

/** Resolves when the watch ends cleanly; rejects when it fails. */
function watchFrom<T>(
  watch: Watch,
  options: ListWatchOptions<T>,
  resourceVersion: string | undefined,
): Promise<void> {
  const { signal } = options;
  return new Promise<void>((resolve, reject) => {
    let request: AbortController | undefined;
    let finished = false;
    const onAbort = () => request?.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      signal.removeEventListener('abort', onAbort);
      if (error && !signal.aborted) reject(error);
      else resolve();
    };
    watch
      .watch(
        options.path,
        { resourceVersion, allowWatchBookmarks: true },
        (phase, object) => {
          if (phase === 'ADDED' || phase === 'MODIFIED')
            options.onObject(object);
          else if (phase === 'DELETED') options.onDelete?.(object);
          else if (phase === 'ERROR') {
            // e.g. 410 Gone: the resourceVersion is too old; list again.
            request?.abort();
            finish(
              new Error(
                `watch ${options.path}: ${
                  object?.message ?? object?.reason ?? 'error'
                }`,
              ),
            );
          }
        },
        error => finish(error),
      )
      .then(r => {
        request = r;
        if (signal.aborted || finished) r.abort();
      }, finish);
  });
}
