import type { Config } from '@backstage/config';
import { readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds } from '@backstage/types';
import type { JsonValue } from '@backstage/types';
import { fromTemporaryCredentials } from '@aws-sdk/credential-providers';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { StepError } from '../../../failover/steps/types';

/**
 * Credentials for an AWS client: the SDK's default provider chain (env vars,
 * shared config, SSO, web identity, container and instance roles) when
 * `roleArn` is absent (undefined lets the client resolve it), else that
 * role assumed with the default chain's credentials.
 */
export function awsCredentials(
  roleArn: string | undefined,
  region: string,
): ReturnType<typeof fromTemporaryCredentials> | undefined {
  if (!roleArn) return undefined;
  return fromTemporaryCredentials({
    params: { RoleArn: roleArn, RoleSessionName: 'flotilla-traffic' },
    clientConfig: { region },
  });
}

/**
 * Options every AWS client of these providers shares: one attempt per
 * call (the failover step retries with its own backoff, so a throttled
 * call does not hold the step) and bounded sockets.
 */
export const AWS_CLIENT_DEFAULTS = {
  maxAttempts: 1,
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
} as const;

const RETRYABLE_CODES =
  /throttl|toomanyrequests|priorrequestnotcomplete|requestlimitexceeded|serviceunavailable|internalerror|internalservice/i;

interface AwsErrorShape {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * An AWS SDK error as a short StepError: `<service>: <Code> (HTTP n):
 * <message>`, retryable for throttling, 5xx and network failures, not for
 * the caller's own faults (403 AccessDenied, 400 InvalidChangeBatch). An
 * aborted call rethrows the signal's reason.
 */
export function awsStepError(
  service: string,
  error: unknown,
  signal: AbortSignal,
): Error {
  if (signal.aborted) return toError(signal.reason);
  if (error instanceof StepError) return error;
  const shape = (
    typeof error === 'object' && error !== null ? error : {}
  ) as AwsErrorShape;
  const status = shape.$metadata?.httpStatusCode;
  const code = sanitizeForLog(shape.name ?? 'Error', 60);
  const detail = sanitizeForLog(shape.message ?? String(error), 160);
  if (status === undefined) {
    // No answer: the network (retryable), or no credentials (not).
    return new StepError(`${service}: ${detail}`, {
      retryable: shape.name !== 'CredentialsProviderError',
    });
  }
  const retryable =
    status === 429 || status >= 500 || RETRYABLE_CODES.test(code);

  return new StepError(`${service}: ${code} (HTTP ${status}): ${detail}`, {
    retryable,
  });
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** Milliseconds of an optional duration setting (`{ seconds: 30 }`, `PT30S`). */
export function durationMs(
  config: Config,
  key: string,
  defaultMs: number,
): number {
  if (!config.has(key)) return defaultMs;
  return durationToMilliseconds(readDurationFromConfig(config, { key }));
}

/** A plain JSON copy of an SDK object (drops undefined members). */
export function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}

/** JSON with sorted keys, to compare states regardless of member order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : 1,
          ),
        )
      : v,
  );
}

/**
 * The weight each of `count` targets gets so that they share `total`
 * evenly: at least 1 (a 0 would take them out too), at most `max` (Route
 * 53 and Global Accelerator weights are 0-255). A retried shift computes
 * the same weight from the state the first attempt wrote.
 */
export function evenShare(total: number, count: number, max = 255): number {
  return Math.min(max, Math.max(1, Math.round(total / Math.max(1, count))));
}
