import {
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { FailoverStore } from '../../failover/FailoverStore';
import type { InternalFailoverRuns } from '../../failover/InternalFailoverRuns';
import { StormPlanning } from '../planning/StormPlanning';
import { StormEvents } from '../StormEvents';
import { StormStore } from '../store/StormStore';

/** What the orchestration of a storm works with. */
export interface OrchestrationDeps {
  store: StormStore;
  /** The failover runs' store: how a child's run stands. */
  runs: Pick<FailoverStore, 'statusesOf'>;
  /** Creates, rolls back and cancels children's runs, without a user. */
  failover: Pick<
    InternalFailoverRuns,
    'start' | 'rollback' | 'find' | 'cancel'
  >;
  planning: StormPlanning;
  events: StormEvents;
  logger: LoggerService;
  /** The plugin's own credentials: the catalog and placement reads of a run. */
  credentials: () => Promise<BackstageCredentials>;
}
