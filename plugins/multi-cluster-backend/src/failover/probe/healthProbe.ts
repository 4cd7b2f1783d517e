import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { fetchFailureReason } from '../steps/types';

/** Bounds of one probe: a health endpoint answers small and fast. */
export const PROBE_LIMITS = {
  /** Per request, redirects included each. */
  timeoutMs: 5000,
  maxRedirects: 3,
  /** Read of the body; the rest is never read. */
  maxBodyBytes: 4096,
  /** Of the body, kept in the result (and messages) when the probe fails. */
  maxExcerptChars: 200,
};

/** What one probe of one URL found. */
export interface ProbeResult {
  url: string;
  ok: boolean;
  /** The last answer's status. */
  status?: number;
  /** Why there was no acceptable answer: a network error, a timeout, a redirect. */
  error?: string;
  /** The start of a failing answer's body, escaped. */
  body?: string;
}

/** Reads at most `maxBytes` of a body, then stops the stream. */
async function boundedText(response: Response, maxBytes: number) {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/** Why a redirect is not followed, if it is not. */
function redirectProblem(from: URL, location: string | null, hops: number) {
  if (!location) return { problem: 'a redirect without a Location' };
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    return { problem: 'a redirect to an invalid URL' };
  }
  // Only the same host: a probe must not be sent elsewhere by the target.
  if (to.hostname !== from.hostname) {
    return {
      problem: `redirects to another host (${sanitizeForLog(
        to.hostname,
        100,
      )})`,
    };
  }
  if (!['http:', 'https:'].includes(to.protocol)) {
    return { problem: 'a redirect to a scheme other than http(s)' };
  }
  if (from.protocol === 'https:' && to.protocol === 'http:') {
    return { problem: 'a redirect from https to http' };
  }
  if (hops >= PROBE_LIMITS.maxRedirects) {
    return { problem: `more than ${PROBE_LIMITS.maxRedirects} redirects` };
  }
  return { to };
}

/** One GET, bounded by its own timeout and the caller's signal. */
async function getOnce(url: URL, signal: AbortSignal, timeoutMs: number) {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, {
    method: 'GET',
    redirect: 'manual',
    headers: { accept: 'application/json, text/plain;q=0.9, */*;q=0.1' },
    signal: AbortSignal.any([signal, timeout]),
  });
  const body = await boundedText(response, PROBE_LIMITS.maxBodyBytes);
  return { response, body };
}

/**
 * GETs a health endpoint: 2xx passes. Redirects are followed by hand, at
 * most three and only on the same host; the body read is bounded, and so is
 * each request's time. Throws only when `signal` aborts (the step's
 * deadline or cancellation); every other failure is the result's `error`.
 */
export async function probeHealth(
  url: string,
  signal: AbortSignal,
  timeoutMs = PROBE_LIMITS.timeoutMs,
): Promise<ProbeResult> {
  let current = new URL(url);
  for (let hops = 0; ; hops++) {
    let answer: Awaited<ReturnType<typeof getOnce>>;
    try {
      answer = await getOnce(current, signal, timeoutMs);
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      const name = (e: unknown) => (e as { name?: unknown } | null)?.name;
      const timedOut =
        name(error) === 'TimeoutError' ||
        name((error as { cause?: unknown } | null)?.cause) === 'TimeoutError';
      return {
        url,
        ok: false,
        error: timedOut
          ? `no answer within ${timeoutMs} ms`
          : sanitizeForLog(fetchFailureReason(error), 200),
      };
    }
    const { response, body } = answer;
    const status = response.status;
    if (status >= 300 && status < 400) {
      const next = redirectProblem(
        current,
        response.headers.get('location'),
        hops,
      );
      if ('problem' in next) {
        return { url, ok: false, status, error: next.problem };
      }
      current = next.to!;
      continue;
    }
    const ok = status >= 200 && status < 300;
    return {
      url,
      ok,
      status,
      ...(ok
        ? {}
        : { body: sanitizeForLog(body, PROBE_LIMITS.maxExcerptChars) }),
    };
  }
}

/** What a failed probe answered, for a message. */
export function describeProbe(result: ProbeResult): string {
  const parts = [
    result.status !== undefined ? `HTTP ${result.status}` : undefined,
    result.error,
    result.body ? `body ${result.body}` : undefined,
  ].filter(Boolean);
  return parts.join(', ');
}
