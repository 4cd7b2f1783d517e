import { setTimeout as delay } from 'node:timers/promises';
import {
  toKubernetesError,
  requestSignal,
} from '@flotilla/plugin-multi-cluster-node';

/**
 * Settles like `work`, or rejects with the signal's reason as soon as it
 * aborts: work that does not honour its signal cannot hold its caller past
 * the deadline (the signal still stops any request it passed the signal to).
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/**
 * Runs `work` under a deadline and the caller's cancellation, the way the
 * Kubernetes client runs each request ({@link requestSignal}:
 * `AbortSignal.timeout` and `AbortSignal.any`): `work` gets the composed
 * signal to pass to its requests, and a timeout is told the client's way,
 * `<what>: timed out` (a `KubernetesRequestError` with `timeout` set).
 */
export async function withDeadline<T>(
  what: string,
  options: { timeoutMs: number; signal?: AbortSignal },
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // AbortSignal.timeout takes whole milliseconds only.
  const { signal, timedOut } = requestSignal(
    Math.max(0, Math.round(options.timeoutMs)),
    options.signal,
  );
  try {
    return await untilAborted(work(signal), signal);
  } catch (error) {
    // A request of `work` that timed out first says more (which request).
    if (timedOut()) throw toKubernetesError(error, what, true);
    throw error;
  }
}

/**
 * Waits `ms` (a poll interval, a backoff), or rejects with the signal's
 * reason as soon as it aborts. `ref: false` lets the process exit while it
 * waits (a background poll, a follow-up refresh).
 */
export async function sleep(
  ms: number,
  signal?: AbortSignal,
  options: { ref?: boolean } = {},
): Promise<void> {
  try {
    await delay(ms, undefined, { signal, ref: options.ref ?? true });
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}
