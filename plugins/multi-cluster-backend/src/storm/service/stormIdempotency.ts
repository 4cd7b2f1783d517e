import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { IdempotencyClaim } from '../../failover/FailoverStore';
import { IdempotencyKeyReusedError } from '../../failover/idempotency';
import { Storm } from '../types';

/** Refuses a key first used with another request (422), as failovers do. */
export function assertSameStormRequest(
  idempotency: IdempotencyClaim,
  storm: Storm,
  storedHash: string | undefined,
): void {
  if (storedHash && storedHash !== idempotency.requestHash) {
    throw new IdempotencyKeyReusedError(
      `idempotencyKey '${sanitizeForLog(
        idempotency.key,
        80,
      )}' was already used for a different request (region failover ${
        storm.id
      }); use a new key for a new request`,
    );
  }
}

/** A list as one field of a hashed request: order does not matter. */
export const listField = (values: string[] | undefined) =>
  values ? [...values].sort().join('\n') : undefined;
