import type { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import { isConflict, isNotFound } from './errors';

/**
 * An object as read: its resourceVersion is the write's precondition.
 *
 * @public
 */
export interface Versioned {
  metadata?: { resourceVersion?: string };
}

/**
 * One guarded write: read, write at the read version, re-read on 409.
 *
 * @public
 */
export interface PreconditionPatch<Current extends Versioned, Written> {
  /** Names the object in messages, e.g. `OverridePolicy shop/flotilla-failover-checkout`. */
  what: string;
  /** Re-reads after a 409 before giving up (`multiCluster.conflictRetries`). */
  conflictRetries: number;
  read(): Promise<Current>;
  /**
   * Writes the change computed from `current`, carrying `resourceVersion`
   * (the one just read) so that the server refuses it with 409 when the
   * object changed in between.
   */
  write(
    current: Current,
    resourceVersion: string | undefined,
  ): Promise<Written>;
  /** When set, a 404 on read is a NotFoundError with this message. */
  notFoundMessage?: string;
  /** Told about each conflict before the re-read. */
  logger?: Pick<LoggerService, 'info'>;
}

/**
 * The one patch-with-precondition of the plugin: reads the object, writes
 * with its `metadata.resourceVersion`, and on 409 Conflict re-reads and
 * tries again, `conflictRetries` times at most; then reports the conflict
 * (a ConflictError) and never overwrites blindly.
 *
 * @public
 */
export async function patchWithPrecondition<Current extends Versioned, Written>(
  patch: PreconditionPatch<Current, Written>,
): Promise<{ current: Current; written: Written; attempts: number }> {
  const max = Math.max(1, patch.conflictRetries + 1);
  for (let attempt = 1; ; attempt++) {
    let current: Current;
    try {
      current = await patch.read();
    } catch (error) {
      if (patch.notFoundMessage !== undefined && isNotFound(error)) {
        throw new NotFoundError(patch.notFoundMessage);
      }
      throw error;
    }
    try {
      const written = await patch.write(
        current,
        current.metadata?.resourceVersion,
      );
      return { current, written, attempts: attempt };
    } catch (error) {
      if (!isConflict(error)) throw error;
      if (attempt >= max) {
        throw new ConflictError(
          `${
            patch.what
          } was modified concurrently ${max} times; giving up without overwriting: ${
            (error as Error).message
          }`,
        );
      }
      patch.logger?.info(
        `Conflict patching ${patch.what} (attempt ${attempt}/${max}), re-reading`,
      );
    }
  }
}
