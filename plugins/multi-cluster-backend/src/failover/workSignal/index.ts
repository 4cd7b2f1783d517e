import { LoggerService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { InProcessWorkSignal } from './InProcessWorkSignal';
import { PostgresWorkSignal } from './PostgresWorkSignal';
import { WorkSignal } from './types';

export type {
  WorkListener,
  WorkNotice,
  WorkNoticeKind,
  WorkSignal,
} from './types';
export { WORK_NOTICE_KINDS } from './types';
export { InProcessWorkSignal } from './InProcessWorkSignal';
export { PostgresWorkSignal, WORK_SIGNAL_CHANNEL } from './PostgresWorkSignal';

/**
 * The work signal for the plugin's database: through PostgreSQL between
 * replicas, within the process on SQLite (one process is the only
 * replica there).
 */
export function createWorkSignal(
  knex: Knex,
  logger: LoggerService,
): WorkSignal {
  return knex.client.dialect === 'postgresql'
    ? new PostgresWorkSignal({ knex, logger })
    : new InProcessWorkSignal(logger);
}
