import {
  AuditorService,
  AuditorServiceEventSeverityLevel,
  BackstageCredentials,
  BackstageNonePrincipal,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import { JsonObject } from '@backstage/types';
import { Request } from 'express';
import { HistoryRecorder } from '../database/MultiClusterStore';
import {
  AUDIT_BOUNDS,
  sanitizeError,
  sanitizeJson,
  sanitizeJsonObject,
} from '../util/sanitizeJson';

/**
 * Options of one recorded mutation.
 *
 * @public
 */
export interface MutationOptions<T> {
  /** Auditor event id, e.g. `cluster-scale`. */
  eventId: string;
  /** History action name, e.g. `cluster.scale`. */
  action: string;
  severityLevel?: AuditorServiceEventSeverityLevel;
  credentials: BackstageCredentials;
  request?: Request;
  cluster?: string;
  entityRef?: string;
  /** Request input (must not hold credentials). */
  input: JsonObject;
  /** Authorization; throw NotAllowedError to deny. */
  authorize?: () => Promise<void>;
  run: () => Promise<T>;
}

/** Returns the actor of a credentials object. */
export function actorOf(credentials: BackstageCredentials): string {
  const p = credentials.principal as
    | BackstageUserPrincipal
    | BackstageServicePrincipal
    | BackstageNonePrincipal
    | undefined;
  if (p?.type === 'user') {
    return p.userEntityRef;
  }
  if (p?.type === 'service') {
    return p.subject;
  }
  return 'unknown';
}

/**
 * A request refused before it changed anything: denied (403) or invalid
 * (400). Compared by name, as `@backstage/errors` does across packages.
 */
export function isRefusal(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return (
    error instanceof NotAllowedError ||
    error instanceof InputError ||
    name === 'NotAllowedError' ||
    name === 'InputError'
  );
}

/**
 * Wraps every mutating call: auditor event (success/fail), authorization and
 * a history row. Used by the routes, the actions and other modules (e.g.
 * failover).
 *
 * The audit event holds the request with every field escaped and bounded (a
 * few hundred characters), since it is written before anything is checked.
 * A refused request (denied or invalid) leaves only that audit event: history
 * records mutations that were attempted, not the input of everyone who was
 * turned away.
 *
 * @public
 */
export class MutationRecorder {
  constructor(
    private readonly options: {
      auditor: AuditorService;
      history: HistoryRecorder;
      logger: LoggerService;
    },
  ) {}

  get history(): HistoryRecorder {
    return this.options.history;
  }

  async run<T>(opts: MutationOptions<T>): Promise<T> {
    const meta = sanitizeJsonObject(
      {
        action: opts.action,
        ...(opts.cluster ? { cluster: opts.cluster } : {}),
        ...(opts.entityRef ? { entityRef: opts.entityRef } : {}),
        input: opts.input,
      },
      AUDIT_BOUNDS,
    );
    const event = await this.options.auditor.createEvent({
      eventId: opts.eventId,
      severityLevel: opts.severityLevel ?? 'medium',
      request: opts.request,
      meta,
    });
    const actor = actorOf(opts.credentials);
    const fail = (error: unknown) =>
      event.fail({ error: sanitizeError(error, AUDIT_BOUNDS.maxString) });
    try {
      await opts.authorize?.();
    } catch (error) {
      await fail(error);
      throw error;
    }
    try {
      const result = await opts.run();
      await this.options.history.record({
        actor,
        action: opts.action,
        cluster: opts.cluster,
        entityRef: opts.entityRef,
        status: 'succeeded',
        input: opts.input,
        result,
      });
      await event.success({
        meta: { result: sanitizeJson(result, AUDIT_BOUNDS) },
      });
      return result;
    } catch (error) {
      if (!isRefusal(error)) {
        await this.options.history.record({
          actor,
          action: opts.action,
          cluster: opts.cluster,
          entityRef: opts.entityRef,
          status: 'failed',
          input: opts.input,
          error: (error as Error)?.message ?? String(error),
        });
      }
      await fail(error);
      throw error;
    }
  }
}
