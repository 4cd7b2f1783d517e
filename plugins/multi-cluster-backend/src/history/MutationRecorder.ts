import {
  AuditorService,
  AuditorServiceEventSeverityLevel,
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { JsonObject } from '@backstage/types';
import { Request } from 'express';
import { HistoryRecorder } from '../database/MultiClusterStore';

/** Options of one recorded mutation. */
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
  const p: any = credentials.principal;
  if (p?.type === 'user') {
    return p.userEntityRef;
  }
  if (p?.type === 'service') {
    return p.subject;
  }
  return 'unknown';
}

/**
 * Wraps every mutating call: auditor event (success/fail), authorization and
 * a history row. Used by the routes, the actions and other modules (e.g.
 * failover).
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
    const meta: JsonObject = {
      action: opts.action,
      ...(opts.cluster ? { cluster: opts.cluster } : {}),
      ...(opts.entityRef ? { entityRef: opts.entityRef } : {}),
      input: opts.input,
    };
    const event = await this.options.auditor.createEvent({
      eventId: opts.eventId,
      severityLevel: opts.severityLevel ?? 'medium',
      request: opts.request,
      meta,
    });
    const actor = actorOf(opts.credentials);
    try {
      await opts.authorize?.();
    } catch (error) {
      await this.options.history.record({
        actor,
        action: opts.action,
        cluster: opts.cluster,
        entityRef: opts.entityRef,
        status: error instanceof NotAllowedError ? 'denied' : 'failed',
        input: opts.input,
        error: (error as Error).message,
      });
      await event.fail({ error: error as Error });
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
      await event.success({ meta: { result: result as any } });
      return result;
    } catch (error) {
      await this.options.history.record({
        actor,
        action: opts.action,
        cluster: opts.cluster,
        entityRef: opts.entityRef,
        status: 'failed',
        input: opts.input,
        error: (error as Error).message,
      });
      await event.fail({ error: error as Error });
      throw error;
    }
  }
}
