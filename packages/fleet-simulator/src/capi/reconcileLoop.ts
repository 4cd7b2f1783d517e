/**
 * The reconcile loop the Cluster API, Argo CD and Fleet controllers run:
 * a pass whenever a watched collection changes, at least every resync, and
 * when the last pass asked to be called again. Passes never overlap.
 */
import { KubeConfig, Watch } from '@kubernetes/client-node';

export interface ReconcileLoopOptions {
  name: string;
  kc: KubeConfig;
  /** API paths to watch, e.g. `/apis/cluster.x-k8s.io/v1beta2/namespaces/x/machines`. */
  watchPaths: string[];
  /** One pass; answers how soon (ms) it wants to run again, if sooner than the resync. */
  reconcile: () => Promise<number | undefined>;
  log: (message: string) => void;
  signal: AbortSignal;
  resyncMs?: number;
}

/**
 * Watches `path` until `signal` aborts, calling `trigger` on every change and
 * again whenever a watch is restarted (a new watch starts from "now").
 */
async function watchForever(
  kc: KubeConfig,
  path: string,
  signal: AbortSignal,
  watches: Set<AbortController>,
  trigger: () => void,
) {
  while (!signal.aborted) {
    await new Promise<void>(resolve => {
      let req: AbortController | undefined;
      const onAbort = () => req?.abort();
      const ended = () => {
        signal.removeEventListener('abort', onAbort);
        if (req) watches.delete(req);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      new Watch(kc)
        .watch(
          path,
          {},
          phase => {
            if (phase !== 'BOOKMARK') trigger();
          },
          ended,
        )
        .then(r => {
          req = r;
          watches.add(r);
          if (signal.aborted) r.abort();
        }, ended);
    });
    // A new watch starts from "now": reconcile once to miss nothing.
    trigger();
    await sleep(1000, signal);
  }
}

/** Runs one pass; answers the ms until the next is due and the error it logged. */
async function onePass(
  options: ReconcileLoopOptions,
  resyncMs: number,
  lastError: string,
): Promise<{ next: number; lastError: string }> {
  try {
    const again = await options.reconcile();
    return {
      next:
        again !== undefined
          ? Math.max(50, Math.min(resyncMs, again))
          : resyncMs,
      lastError: '',
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Say it once, not on every pass, while the same error repeats.
    if (message !== lastError) options.log(`${options.name}: ${message}`);
    return { next: Math.min(resyncMs, 2000), lastError: message };
  }
}

/**
 * Runs `reconcile` whenever one of the watched collections changes, at least
 * every `resyncMs`, and when the last pass asked to be called again (a delay
 * running out). Passes never overlap. Watches are restarted when the API
 * server ends them (or is stopped by a fault) until the signal aborts.
 */
export function runReconcileLoop(options: ReconcileLoopOptions): {
  stop(): Promise<void>;
  trigger(): void;
} {
  const resyncMs = options.resyncMs ?? 10_000;
  let wake: (() => void) | undefined;
  let dirty = true;
  const trigger = () => {
    dirty = true;
    wake?.();
  };
  const stopController = new AbortController();
  const signal = AbortSignal.any([options.signal, stopController.signal]);
  const watches = new Set<AbortController>();

  /** Until `ms` pass (a resync is then due) or a trigger wakes the loop. */
  const pause = (ms: number) =>
    new Promise<void>(resolve => {
      const timer = setTimeout(() => {
        dirty = true;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    for (const path of options.watchPaths)
      void watchForever(options.kc, path, signal, watches, trigger);
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    let lastError = '';
    while (!signal.aborted) {
      let next = resyncMs;
      if (dirty) {
        dirty = false;
        ({ next, lastError } = await onePass(options, resyncMs, lastError));
      }
      if (dirty || signal.aborted) continue;
      await pause(next);
      wake = undefined;
    }
    signal.removeEventListener('abort', onAbort);
  })();

  return {
    trigger,
    async stop() {
      stopController.abort();
      for (const w of watches) w.abort();
      await loop;
    },
  };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise(resolve => {
    const pending: { timer?: NodeJS.Timeout } = {};
    const done = () => {
      clearTimeout(pending.timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    pending.timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
