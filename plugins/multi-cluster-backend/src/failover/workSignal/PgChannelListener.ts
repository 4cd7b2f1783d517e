import { LoggerService } from '@backstage/backend-plugin-api';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { PgListenClient } from './pgConnection';

/** Delays between attempts to (re)connect: doubling from `initialMs` to `maxMs`. */
export interface ReconnectBackoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_RECONNECT_BACKOFF: ReconnectBackoff = {
  initialMs: 100,
  maxMs: 30_000,
};

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel, and
 * connects again (with backoff) whenever it drops: a failed connect, a
 * restarted server, an administrator's `pg_terminate_backend`. Each time
 * it listens again after having been deaf, `onReconnected` is called:
 * notifications sent meanwhile are lost, so whoever waits should look.
 */
export class PgChannelListener {
  private connection?: PgListenClient;
  private retry?: NodeJS.Timeout;
  private connecting?: Promise<void>;
  private failures = 0;
  private listenedBefore = false;
  private stopped = true;

  constructor(
    private readonly options: {
      channel: string;
      connect: () => Promise<PgListenClient>;
      onPayload: (payload: string | undefined) => void;
      onReconnected: () => void;
      logger: LoggerService;
      backoff?: ReconnectBackoff;
    },
  ) {}

  /** True while the connection listens. */
  get listening(): boolean {
    return this.connection !== undefined;
  }

  /** Listens (or keeps trying in the background when it cannot yet). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.attempt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.connecting;
    const connection = this.connection;
    this.connection = undefined;
    await connection?.end().catch(() => undefined);
  }

  private attempt(): Promise<void> {
    this.retry = undefined;
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    let connection: PgListenClient | undefined;
    try {
      connection = await this.options.connect();
      connection.on('notification', message => {
        if (message.channel === this.options.channel) {
          this.options.onPayload(message.payload);
        }
      });
      connection.on('end', () => this.lost(connection!));
      // The channel is a constant of the code, quoted as an identifier.
      await connection.query(`LISTEN "${this.options.channel}"`);
    } catch (error) {
      await connection?.end().catch(() => undefined);
      this.scheduleRetry(`could not listen: ${sanitizeForLog(error, 300)}`);
      return;
    }
    if (this.stopped) {
      await connection.end().catch(() => undefined);
      return;
    }
    this.connection = connection;
    this.failures = 0;
    if (this.listenedBefore) {
      this.options.logger.info(`Listening again on ${this.options.channel}`);
      this.options.onReconnected();
    }
    this.listenedBefore = true;
  }

  /** The connection ended: listen again unless stopping. */
  private lost(connection: PgListenClient) {
    if (this.connection !== connection) return; // a failed attempt, or stopped
    this.connection = undefined;
    this.scheduleRetry('the connection ended');
  }

  private scheduleRetry(why: string) {
    if (this.stopped || this.retry) return;
    const { initialMs, maxMs } =
      this.options.backoff ?? DEFAULT_RECONNECT_BACKOFF;
    const delayMs = Math.min(maxMs, initialMs * 2 ** this.failures);
    this.failures += 1;
    this.options.logger.warn(
      `Not listening on ${this.options.channel} (${why}); retrying in ${delayMs}ms`,
    );
    this.retry = setTimeout(() => void this.attempt(), delayMs);
    this.retry.unref?.();
  }
}
