/**
 * An OCM controller's loop: a pass, then a pause, until the simulator stops
 * (OCM's controllers resync on watch events and a period; a short period is
 * enough here). A failing pass is logged once per distinct error.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { describeError } from '../karmada/kube';

export function startOcmLoop(
  ctx: SimulatorContext,
  name: string,
  intervalMs: number,
  pass: () => Promise<void>,
): Stoppable {
  const stopping = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopping.signal]);
  let lastError = '';
  const pause = () =>
    new Promise<void>(resolve => {
      const timer = setTimeout(done, intervalMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  const running = (async () => {
    while (!signal.aborted) {
      try {
        await pass();
        if (lastError) ctx.log(`ocm ${name}: recovered`);
        lastError = '';
      } catch (error) {
        const message = describeError(error);
        if (message !== lastError) ctx.log(`ocm ${name}: ${message}`);
        lastError = message;
      }
      await pause();
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

/** A duration from the environment (milliseconds), or the default. */
export function envMs(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
