/**
 * A controller's reconcile loop: one pass over the objects it owns, then a
 * pause, until the simulator stops. Each pass lists with the API server's
 * current state and skips objects whose inputs (resourceVersions) did not
 * change, so a pass is cheap when nothing moved. A failing pass is logged
 * once per distinct error and retried on the next tick.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { describeError } from './kube';

export function startLoop(
  ctx: SimulatorContext,
  name: string,
  intervalMs: number,
  pass: () => Promise<void>,
): Stoppable {
  const stopping = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopping.signal]);
  let lastError = '';
  const sleep = () =>
    new Promise<void>(resolve => {
      const timer = setTimeout(resolve, intervalMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  const done = (async () => {
    while (!signal.aborted) {
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
      await done;
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
