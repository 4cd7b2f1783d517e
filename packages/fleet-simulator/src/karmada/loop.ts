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
      await running;
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
