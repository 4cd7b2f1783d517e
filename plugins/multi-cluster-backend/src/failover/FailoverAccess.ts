import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { InputError, NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import { multiClusterFailoverReadPermission } from '@flotilla/plugin-multi-cluster-common';
import { actorOf } from '../history/MutationRecorder';
import { FailoverEvents } from './FailoverEvents';
import { FailoverRun } from './types';

/** An entity ref as runs store it (`kind:namespace/name`), or 400. */
export function normalizeEntityRef(ref: string): string {
  try {
    return stringifyEntityRef(
      parseEntityRef(ref, {
        defaultKind: 'component',
        defaultNamespace: 'default',
      }),
    );
  } catch (e) {
    throw new InputError(`entityRef: ${(e as Error).message}`);
  }
}

/**
 * Who may do what with failovers. Authorization is on the service's catalog
 * entity, so catalog rules (e.g. IS_ENTITY_OWNER) decide who may fail it
 * over; a refusal leaves an audit event.
 */
export class FailoverAccess {
  constructor(
    private readonly options: {
      permissions: PermissionsService;
      events: FailoverEvents;
    },
  ) {}

  /** Throws NotAllowedError (403) unless `permission` is granted on the entity. */
  async authorize(
    permission: ResourcePermission<'catalog-entity'>,
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const [decision] = await this.options.permissions.authorize(
      [{ permission, resourceRef: entityRef }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        `Permission '${permission.name}' denied for ${entityRef}`,
      );
    }
  }

  /** The runs whose entities the caller may read (one decision per entity). */
  async readable(
    runs: FailoverRun[],
    credentials: BackstageCredentials,
  ): Promise<FailoverRun[]> {
    const refs = [...new Set(runs.map(r => r.entityRef))];
    const decisions = refs.length
      ? await this.options.permissions.authorize(
          refs.map(resourceRef => ({
            permission: multiClusterFailoverReadPermission,
            resourceRef,
          })),
          { credentials },
        )
      : [];
    const allowed = new Set(
      refs.filter((_, i) => decisions[i].result === AuthorizeResult.ALLOW),
    );
    return runs.filter(r => allowed.has(r.entityRef));
  }

  /**
   * A refused request (403, 400) leaves an audit event with bounded fields
   * and nothing else: no run, no history row.
   */
  async auditRefusal<T>(
    eventId: string,
    credentials: BackstageCredentials,
    request: Record<string, string | boolean | null | undefined>,
    handle: () => Promise<T>,
  ): Promise<T> {
    try {
      return await handle();
    } catch (error) {
      if (error instanceof NotAllowedError || error instanceof InputError) {
        await this.options.events.refused({
          eventId,
          actor: actorOf(credentials),
          request,
          error,
        });
      }
      throw error;
    }
  }
}
