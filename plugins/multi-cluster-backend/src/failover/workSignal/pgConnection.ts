import { Knex } from 'knex';

/** A notification as the `pg` driver hands it over. */
export interface PgNotification {
  channel: string;
  payload?: string;
}

/** The part of a `pg` Client a listening connection uses. */
export interface PgListenClient {
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', fn: (message: PgNotification) => void): unknown;
  on(event: 'error', fn: (error: Error) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
}

/** What the listener needs of knex's PostgreSQL client (not in its types). */
interface KnexPgClient {
  driver?: {
    Client: new (settings: object) => PgListenClient & {
      connect(): Promise<void>;
    };
  };
  connectionSettings?: object | string;
  /** Set when the connection is a function (e.g. cloud IAM tokens). */
  connectionConfigProvider?: () => Promise<Record<string, unknown>>;
}

/**
 * Opens a connection of its own with the settings of the plugin's knex
 * pool, through the `pg` driver knex already loaded (no dependency of the
 * plugin). Not a pooled connection: a LISTEN holds its connection for as
 * long as it listens, and a pool would hand it to queries in between.
 * Settings given as a function (cloud IAM tokens, as the Backstage
 * database service configures them) are read afresh for each connection.
 */
export async function openPgConnection(knex: Knex): Promise<PgListenClient> {
  const client = knex.client as unknown as KnexPgClient;
  if (!client.driver) {
    throw new Error('the database client has no PostgreSQL driver');
  }
  const raw = client.connectionConfigProvider
    ? await client.connectionConfigProvider()
    : client.connectionSettings ?? {};
  const { expirationChecker: _checker, ...settings }: Record<string, unknown> =
    typeof raw === 'string' ? { connectionString: raw } : { ...raw };
  const connection = new client.driver.Client({
    ...settings,
    // A connection that silently died (a dropped route) is noticed by TCP
    // keepalive instead of waiting forever for notifications.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // Errors after connecting are told by 'end', which the listener follows.
  connection.on('error', () => undefined);
  try {
    await connection.connect();
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw error;
  }
  return connection;
}
