import {
  AuditorService,
  AuthService,
  LoggerService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import type { SignalsService } from '@backstage/plugin-signals-node';
import { planWhatIf } from '@flotilla/plugin-multi-cluster-common';
import { HistoryRecorder } from '../database/MultiClusterStore';
import type { RecoveryStarter } from '../detection/types';
import type { FailoverModule } from '../failover';
import { readFailoverConfig } from '../failover/config';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import { registerStormActions } from './actions';
import { readStormLimits } from './config';
import { StormOrchestrator } from './orchestrator/StormOrchestrator';
import { OrchestrationDeps } from './orchestrator/types';
import { StormPlanning } from './planning/StormPlanning';
import { WhatIfInputReader, WhatIfPlanner } from './planning/types';
import { FailbackCreation } from './service/FailbackCreation';
import { RegionFailoverCreation } from './service/RegionFailoverCreation';
import { StormAccess } from './service/StormAccess';
import { StormRecoveryStarter } from './service/StormRecoveryStarter';
import { StormService } from './service/StormService';
import { StormEvents } from './StormEvents';
import { StormStore } from './store/StormStore';
import { StormLimits } from './types';

export { createStormRouter } from './router';
export { REGION_FAILOVER_SIGNAL_CHANNEL } from './StormEvents';
export type { StormService } from './service/StormService';
export type { WhatIfInputReader, WhatIfPlanner } from './planning/types';

/** What the storm module needs. */
export interface StormModuleOptions {
  config: RootConfigService;
  logger: LoggerService;
  auditor: AuditorService;
  auth: Pick<AuthService, 'getOwnServiceCredentials'>;
  signals?: SignalsService;
  /** The failover module: children are its runs. */
  failover: Pick<FailoverModule, 'store' | 'subscribe'> & {
    internal: OrchestrationDeps['failover'];
  };
  services: {
    inventory: FleetInventoryService;
    store: HistoryRecorder;
    permissions: Pick<ClusterPermissions, 'authorizeBasic' | 'clusterFilter'>;
  };
  /** Every DR-declared service and the fleet, for the what-if planner. */
  whatIfInputs: WhatIfInputReader;
  /** Tests and benches: the planner, caps, lease, poll and clock. */
  overrides?: {
    planner?: WhatIfPlanner;
    limits?: Partial<StormLimits>;
    leaseMs?: number;
    pollIntervalMs?: number;
    now?: () => number;
  };
  orchestratorId?: string;
}

/** Region failovers and failbacks: service, orchestrator, actions. */
export interface StormModule {
  service: StormService;
  /** For detection: storms started by a service's automatic policy. */
  recovery: RecoveryStarter;
  orchestrator: StormOrchestrator;
  store: StormStore;
  registerActions(actionsRegistry: ActionsRegistryService): void;
  /** Starts the orchestrator (poll, wake on run ends, resume of expired leases). */
  start(): Promise<void>;
  /** Stops the orchestrator and frees its leases. */
  stop(): Promise<void>;
}

/**
 * Builds the storm module over the failover module (same database, same
 * migrations). See `src/storm/README.md`.
 */
export function createStormModule(options: StormModuleOptions): StormModule {
  const failoverConfig = readFailoverConfig(options.config);
  const overrides = options.overrides ?? {};
  const limits = { ...readStormLimits(options.config), ...overrides.limits };
  const store = new StormStore(options.failover.store.db);
  const events = new StormEvents({
    auditor: options.auditor,
    history: options.services.store,
    signals: options.signals,
    logger: options.logger,
  });
  const planning = new StormPlanning({
    reader: options.whatIfInputs,
    planner: overrides.planner ?? planWhatIf,
  });
  const orchestrator = new StormOrchestrator({
    deps: {
      store,
      runs: options.failover.store,
      failover: options.failover.internal,
      planning,
      events,
      logger: options.logger,
      credentials: () => options.auth.getOwnServiceCredentials(),
    },
    leaseMs: overrides.leaseMs ?? failoverConfig.leaseMs,
    pollIntervalMs: overrides.pollIntervalMs ?? failoverConfig.pollIntervalMs,
    now: overrides.now,
    id: options.orchestratorId,
  });
  const wake = () => orchestrator.kick();
  const creation = { store, events, limits, onCreated: wake };
  const regionFailovers = new RegionFailoverCreation({ ...creation, planning });
  const failbacks = new FailbackCreation({
    ...creation,
    runs: options.failover.store,
    inventory: options.services.inventory,
  });
  const service = new StormService({
    store,
    access: new StormAccess({ ...options.services, events }),
    regionFailovers,
    failbacks,
    failover: options.failover.internal,
    events,
    onChanged: wake,
  });
  let unsubscribe: (() => void) | undefined;
  return {
    service,
    recovery: new StormRecoveryStarter({ store, regionFailovers, failbacks }),
    orchestrator,
    store,
    registerActions: registry => registerStormActions(registry, service),
    start: async () => {
      // A child's run ended on this replica: look at its storm now.
      unsubscribe = options.failover.subscribe(t => {
        if (
          ['run.succeeded', 'run.failed', 'run.cancelled'].includes(t.event)
        ) {
          wake();
        }
      });
      orchestrator.start();
    },
    stop: async () => {
      unsubscribe?.();
      await orchestrator.stop({ release: true });
    },
  };
}
