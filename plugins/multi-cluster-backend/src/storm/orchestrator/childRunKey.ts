import { createHash } from 'node:crypto';
import type { InternalRunKey } from '../../failover/InternalFailoverRuns';
import { ChildKey, StormKind } from '../types';

/** The idempotency key column's size. */
const MAX_KEY = 255;

/**
 * The key of a child's run: one run per child, also when the orchestrator
 * crashed after creating it and another replica admits the child again.
 * `region-failover:<stormId>` (or `failback:<stormId>`) and
 * `<entityRef>:<from>`, hashed when longer than the column.
 */
export function childRunKey(
  storm: { id: string; kind: StormKind },
  child: ChildKey,
): InternalRunKey {
  const key = `${child.entityRef}:${child.from}`;
  return {
    scope: `${storm.kind === 'failover' ? 'region-failover' : 'failback'}:${
      storm.id
    }`,
    key:
      key.length <= MAX_KEY
        ? key
        : `sha256:${createHash('sha256').update(key).digest('hex')}`,
  };
}
