/**
 * A controller's reconcile loop: one pass over the objects it owns, then a
 * pause, until the simulator stops. Each pass lists with the API server's
 * current state and skips objects whose inputs (resourceVersions) did not
 * change, so a pass is cheap when nothing moved. A failing pass is logged
 * once per distinct error and retried on the next tick.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { describeError } from './kube';

/**
 * Lets controllers wake each other: one that wrote something calls
 * `notify()`, and every loop runs its next pass now instead of waiting for
 * its interval (Karmada's controllers react to watch events the same way).
 */
export class Wake {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** How long stopping waits for a pass in progress to finish. */
const STOP_GRACE_MS = 5_000;

export function startLoop(
  ctx: SimulatorContext,
  name: string,
  intervalMs: number,
  pass: () => Promise<void>,
  wake?: Wake,
): Stoppable {
  const stopping = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopping.signal]);
  let lastError = '';
  // A notification during a pass makes the next pass start at once.
  let woken = false;
  let wakeUp: (() => void) | undefined;
  const unsubscribe = wake?.subscribe(() => {
    woken = true;
    wakeUp?.();
  });
  const sleep = () =>
    new Promise<void>(resolve => {
      if (woken || signal.aborted) {
        resolve();
        return;
      }
      const timer = setTimeout(finish, intervalMs);
      function finish() {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = finish;
      signal.addEventListener('abort', finish, { once: true });
    });
  const running = (async () => {
    while (!signal.aborted) {
      woken = false;
      try {
        await pass();
        if (lastError) ctx.log(`karmada ${name}: recovered`);
        lastError = '';
      } catch (error) {
        const message = describeError(error);
        if (message !== lastError) ctx.log(`karmada ${name}: ${message}`);
        lastError = message;
      }
      await sleep();
    }
  })();
  return {
    async stop() {
      stopping.abort();
      unsubscribe?.();
      // A pass waiting on a request that never settles must not hold the
      // simulator's shutdown (fleet.sh down then kills it, losing what the
      // aggregated API server had not written yet).
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        running.then(() => false),
        new Promise<boolean>(resolve => {
          timer = setTimeout(() => resolve(true), STOP_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
      if (gaveUp)
        ctx.log(
          `karmada ${name}: pass still running ${STOP_GRACE_MS} ms after stop; left behind`,
        );
    },
  };
}

/** Remembers the inputs last reconciled per key, to skip unchanged ones. */
export class Fingerprints {
  private readonly seen = new Map<string, string>();

  changed(key: string, inputs: unknown): boolean {
    return this.seen.get(key) !== JSON.stringify(inputs);
  }

  remember(key: string, inputs: unknown): void {
    this.seen.set(key, JSON.stringify(inputs));
  }

  forget(key: string): void {
    this.seen.delete(key);
  }

  /** Drops keys not in `live` (deleted objects). */
  retain(live: Set<string>): void {
    for (const key of this.seen.keys())
      if (!live.has(key)) this.seen.delete(key);
  }
}

/**
 * Runs `task` for each item, at most `concurrency` at once, in order; once
 * `signal` is aborted no further item is started.
 */
export async function forEachLimited<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await task(items[next++]);
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, worker),
  );
}
