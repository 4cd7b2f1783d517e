import { resolvePackagePath } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';

/**
 * The plugin's one migration set: every table of the plugin (fleet
 * snapshots, history, failover runs) is created and changed here, in one
 * `knex_migrations` history.
 */
export const MIGRATIONS_DIRECTORY = resolvePackagePath(
  '@flotilla/plugin-multi-cluster-backend',
  'migrations',
);

/** Brings the plugin's tables up to date (a fresh database included). */
export async function migrateToLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ directory: MIGRATIONS_DIRECTORY });
}
