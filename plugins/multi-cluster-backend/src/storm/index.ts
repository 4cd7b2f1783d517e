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
  /**
   * The failover module's work signal, when it has one: a run that ends on
   * another replica, or a storm resumed or cancelled there, wakes this
   * orchestrator at once (without it, its poll finds them).
   */
  workSignal?: StormWorkSignal;
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

/** What the storm module hears from and tells other replicas. */
export interface StormWorkSignal {
  subscribe(listener: (notice: { kind: string }) => void): () => void;
  notify(kind: 'work-resumed'): Promise<void>;
}

/** Notices after which a storm may go on: a run ended, a storm changed, a gap. */
const WAKING_NOTICES = ['run-finished', 'work-resumed', 'reconnected'];

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

/** The orchestrator of this replica, over the module's parts. */
function createOrchestrator(
  options: StormModuleOptions,
  parts: Pick<OrchestrationDeps, 'store' | 'planning' | 'events'>,
): StormOrchestrator {
  const failoverConfig = readFailoverConfig(options.config);
  const overrides = options.overrides ?? {};
  return new StormOrchestrator({
    deps: {
      ...parts,
      runs: options.failover.store,
      failover: options.failover.internal,
      logger: options.logger,
      credentials: () => options.auth.getOwnServiceCredentials(),
    },
    leaseMs: overrides.leaseMs ?? failoverConfig.leaseMs,
    pollIntervalMs: overrides.pollIntervalMs ?? failoverConfig.pollIntervalMs,
    now: overrides.now,
    id: options.orchestratorId,
  });
}

/**
 * Wakes the orchestrator when a child's run may have ended (on this
 * replica, or on another through the work signal) or a storm changed
 * elsewhere; returns what stops listening.
 */
function listenForWork(
  options: StormModuleOptions,
  wake: () => void,
): () => void {
  const stops = [
    options.failover.subscribe(t => {
      if (['run.succeeded', 'run.failed', 'run.cancelled'].includes(t.event)) {
        wake();
      }
    }),
  ];
  if (options.workSignal) {
    stops.push(
      options.workSignal.subscribe(notice => {
        if (WAKING_NOTICES.includes(notice.kind)) wake();
      }),
    );
  }
  return () => stops.forEach(stop => stop());
}

/**
 * Builds the storm module over the failover module (same database, same
 * migrations). See `src/storm/README.md`.
 */
export function createStormModule(options: StormModuleOptions): StormModule {
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
  const orchestrator = createOrchestrator(options, { store, planning, events });
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
    onChanged: () => {
      wake();
      // The replica that drives it may be another.
      void options.workSignal?.notify('work-resumed');
    },
  });
  let stopListening = () => {};
  return {
    service,
    recovery: new StormRecoveryStarter({
      store,
      regionFailovers,
      failbacks,
      inventory: options.services.inventory,
    }),
    orchestrator,
    store,
    registerActions: registry => registerStormActions(registry, service),
    start: async () => {
      stopListening = listenForWork(options, wake);
      orchestrator.start();
    },
    stop: async () => {
      stopListening();
      await orchestrator.stop({ release: true });
    },
  };
}
