import {
  CustomErrorBase,
  InputError,
  NotAllowedError,
} from '@backstage/errors';
import { createHash } from 'node:crypto';
import {
  hasControlCharacters,
  sanitizeForLog,
} from '@flotilla/plugin-multi-cluster-node';
import { FailoverStore, IdempotencyClaim } from './FailoverStore';
import { describeRun } from './runView';
import { FailoverRun } from './types';

/**
 * An idempotency key reused with a different request (422, as Stripe and the
 * IETF Idempotency-Key draft answer it): the key names one request only.
 */
export class IdempotencyKeyReusedError extends CustomErrorBase {
  name = 'IdempotencyKeyReusedError' as const;
  readonly statusCode = 422;
}

/** Longest idempotency key (the column is varchar(255)). */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A request as its hash sees it: flat, scalar fields. */
export type FlatRequest = Record<
  string,
  string | number | boolean | null | undefined
>;

/** sha256 of a flat request in a canonical (sorted-key) JSON form. */
export function hashRequest(request: FlatRequest): string {
  const canonical = Object.keys(request)
    .sort()
    .map(k => [k, request[k] ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * The claim of a request's idempotency key in `scope` (the caller and the
 * operation), or undefined without a key. Refuses keys the column cannot
 * hold or a log should not show (400).
 */
export function idempotencyClaim(
  key: string | undefined,
  scope: string,
  request: FlatRequest,
): IdempotencyClaim | undefined {
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new InputError(
      `idempotencyKey: must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    );
  }
  if (hasControlCharacters(key)) {
    throw new InputError('idempotencyKey: must not contain control characters');
  }
  return { scope, key, requestHash: hashRequest(request) };
}

/** Refuses a key first used with another request (422). */
export function assertSameRequest(
  idempotency: IdempotencyClaim,
  run: FailoverRun,
  storedHash: string | undefined,
): void {
  // Runs made before request hashes were stored match any request.
  if (storedHash && storedHash !== idempotency.requestHash) {
    throw new IdempotencyKeyReusedError(
      `idempotencyKey '${sanitizeForLog(
        idempotency.key,
        80,
      )}' was already used for a different request (run ${
        run.id
      }); use a new key for a new request`,
    );
  }
}

/**
 * Runs `create` for an idempotency key: the run already made with the key
 * answers at once; and when `create` fails (the entity lock is held, or
 * the plan no longer applies because the run of a racing request with
 * the same key already moved the replicas), that run, if there is one,
 * is the answer too. So every request with one key gets one run.
 */
export async function replayingOnConflict<T>(
  store: FailoverStore,
  idempotency: IdempotencyClaim | undefined,
  create: () => Promise<T>,
  replayed: (run: FailoverRun) => T,
): Promise<T> {
  if (!idempotency) {
    return create();
  }
  const replay = async () => {
    const found = await store.findByIdempotencyKey(idempotency);
    if (!found) return undefined;
    assertSameRequest(idempotency, found.run, found.requestHash);
    return replayed(describeRun(found.run));
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await create();
  } catch (error) {
    if (
      error instanceof IdempotencyKeyReusedError ||
      error instanceof NotAllowedError
    ) {
      throw error;
    }
    const racing = await replay();
    if (racing) return racing;
    throw error;
  }
}
