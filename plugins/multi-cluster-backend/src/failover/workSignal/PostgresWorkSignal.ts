import { LoggerService } from '@backstage/backend-plugin-api';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import { decodeNotice, encodeNotice } from './noticePayload';
import { openPgConnection, PgListenClient } from './pgConnection';
import { PgChannelListener, ReconnectBackoff } from './PgChannelListener';
import { WorkListeners } from './WorkListeners';
import { WorkListener, WorkNoticeKind, WorkSignal } from './types';

export const WORK_SIGNAL_CHANNEL = 'multi_cluster_failover_work';

/**
 * Notices between backend replicas through PostgreSQL: `pg_notify` on the
 * plugin's pool once the change committed, and one dedicated connection
 * per replica that LISTENs and reconnects when dropped. This replica's own
 * listeners are called at once; its echo from the server is skipped.
 */
export class PostgresWorkSignal implements WorkSignal {
  readonly transport = 'postgres';
  /** Tells this replica's notices from the others' on the channel. */
  private readonly origin = randomUUID();
  private readonly listeners: WorkListeners;
  private readonly listener: PgChannelListener;

  constructor(
    private readonly options: {
      knex: Knex;
      logger: LoggerService;
      channel?: string;
      backoff?: ReconnectBackoff;
      /** Opens the listening connection (default: like the knex pool's). */
      connect?: () => Promise<PgListenClient>;
    },
  ) {
    this.listeners = new WorkListeners(options.logger);
    this.listener = new PgChannelListener({
      channel: this.channel,
      connect: options.connect ?? (() => openPgConnection(options.knex)),
      onPayload: payload => this.received(payload),
      onReconnected: () => this.listeners.dispatch({ kind: 'reconnected' }),
      logger: options.logger,
      backoff: options.backoff,
    });
  }

  private get channel() {
    return this.options.channel ?? WORK_SIGNAL_CHANNEL;
  }

  /** True while this replica hears the others. */
  get listening(): boolean {
    return this.listener.listening;
  }

  async notify(
    kind: WorkNoticeKind,
    detail: { runId?: string } = {},
  ): Promise<void> {
    this.listeners.dispatch({ kind, ...detail });
    try {
      await this.options.knex.raw('SELECT pg_notify(?, ?)', [
        this.channel,
        encodeNotice(kind, detail.runId, this.origin),
      ]);
    } catch (error) {
      // Only a hint: the other replicas' polls find the work anyway.
      this.options.logger.warn(
        `Could not notify ${kind} on ${this.channel}: ${sanitizeForLog(
          error,
          300,
        )}`,
      );
    }
  }

  subscribe(listener: WorkListener): () => void {
    return this.listeners.subscribe(listener);
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  private received(payload: string | undefined) {
    const sent = decodeNotice(payload);
    if (!sent || sent.origin === this.origin) return;
    this.listeners.dispatch(sent.notice);
  }
}
