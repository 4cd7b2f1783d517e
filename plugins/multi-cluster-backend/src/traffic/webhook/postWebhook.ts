import { errorMessage } from '@flotilla/plugin-multi-cluster-node';
import { TrafficProviderError } from '../errors';

export interface WebhookTarget {
  url: string;
  token?: string;
}

/**
 * Why a `fetch` failed: undici's error is "fetch failed" whatever happened,
 * so the network error's code (e.g. ECONNREFUSED) in its cause says more.
 */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code ? String(cause.code) : errorMessage(error);
}

/**
 * POSTs `body` as JSON with the webhook's bearer token; any 2xx is success.
 * Failures are `traffic webhook: ...`, retryable for network errors, 5xx
 * and 429.
 */
export async function postWebhook(
  target: WebhookTarget,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ status: number }> {
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(target.token ? { Authorization: `Bearer ${target.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason ?? error;
    throw new TrafficProviderError(`traffic webhook: ${networkReason(error)}`, {
      retryable: true,
    });
  }
  // The answer is not read: release the connection (without waiting on it).
  response.body?.cancel().catch(() => undefined);
  if (!response.ok) {
    throw new TrafficProviderError(`traffic webhook: HTTP ${response.status}`, {
      retryable: response.status >= 500 || response.status === 429,
    });
  }
  return { status: response.status };
}
