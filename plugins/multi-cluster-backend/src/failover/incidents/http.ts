import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { fetchFailureReason } from '../steps/types';

/** An answer that retrying will not change (400, 401, 403, 404, 422). */
export class IncidentRequestError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'IncidentRequestError';
  }
}

export interface IncidentHttpOptions {
  /** Attempts per request (429, 5xx and network errors retry). Default 3. */
  attempts?: number;
  /** First backoff; doubles. Default 1 s. */
  backoffMs?: number;
  /** Per attempt. Default 10 s. */
  timeoutMs?: number;
  sleep: (ms: number) => Promise<void>;
}

/** Reads at most 64 KiB of an answer: a channel's errors are short. */
async function readAnswer(response: Response): Promise<unknown> {
  const text = (await response.text()).slice(0, 65_536);
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

const retryable = (status: number) => status === 429 || status >= 500;

/**
 * A JSON request to an outside API, retried with backoff on 429, 5xx and
 * network errors; other failures throw at once with a short, escaped
 * message naming the status.
 */
export async function requestJson(
  what: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
  options: IncidentHttpOptions,
): Promise<unknown> {
  const attempts = options.attempts ?? 3;
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) {
      await options.sleep((options.backoffMs ?? 1000) * 2 ** (attempt - 2));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: { 'Content-Type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      last = fetchFailureReason(error);
      continue;
    }
    const answer = await readAnswer(response);
    if (response.ok) return answer;
    const message = sanitizeForLog(
      typeof answer === 'object' && answer && 'message' in answer
        ? (answer as { message: unknown }).message
        : `${answer ?? ''}`,
      300,
    );
    last = `HTTP ${response.status}${message ? ` (${message})` : ''}`;
    if (!retryable(response.status)) {
      throw new IncidentRequestError(`${what}: ${last}`, response.status);
    }
  }
  throw new Error(`${what}: ${last} after ${attempts} attempts`);
}
