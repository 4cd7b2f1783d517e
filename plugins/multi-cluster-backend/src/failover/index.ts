import {
  AuditorService,
  DatabaseService,
  LoggerService,
  PermissionsService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type { SignalsService } from '@backstage/plugin-signals-node';
import { HistoryRecorder } from '../database/MultiClusterStore';
import {
  KarmadaConnector,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { WorkloadOperations } from '../workloads/WorkloadService';
import { registerFailoverActions } from './actions';
import { FailoverConfig, readFailoverConfig } from './config';
import { FailoverEvents, FailoverTransition } from './FailoverEvents';
import { FailoverRunner, RunnerHooks } from './FailoverRunner';
import { ChangeJournal } from './ChangeJournal';
import {
  DefaultFailoverService,
  FailoverService,
  DependencyReader,
  PlacementReader,
} from './FailoverService';
import { FailoverStore } from './FailoverStore';
import { FailoverWorker } from './FailoverWorker';
import { InternalFailoverRuns } from './InternalFailoverRuns';
import { createWorkSignal, WorkSignal } from './workSignal';
import { createRunIncidents } from './incidents';
import type { TrafficProviderRegistry } from '../traffic';
import {
  defaultStepExecutors,
  sleep,
  StepExecutors,
  TrafficShiftProvider,
  WebhookTrafficShiftProvider,
} from './steps';

export type { FailoverService, FailoverRequest } from './FailoverService';
export type {
  InternalFailoverRuns,
  InternalRunKey,
  PlannedFailoverRequest,
  PlannedRollbackRequest,
} from './InternalFailoverRuns';
export type { FailoverTransition } from './FailoverEvents';
export { createFailoverRouter } from './router';
export type {
  FailoverRun,
  FailoverRunKind,
  FailoverRunStatus,
  FailoverStepRecord,
  FailoverStepStatus,
} from './types';
export type { TrafficShiftProvider, StepExecutor } from './steps';
export { FAILOVER_SIGNAL_CHANNEL } from './FailoverEvents';
export type {
  WorkListener,
  WorkNotice,
  WorkNoticeKind,
  WorkSignal,
} from './workSignal';

/** What the failover module needs (core services + C's services). */
export interface FailoverModuleOptions {
  config: RootConfigService;
  logger: LoggerService;
  /** The plugin's database, migrated by the plugin (`MultiClusterStore`). */
  database: DatabaseService;
  permissions: PermissionsService;
  auditor: AuditorService;
  catalog: CatalogService;
  /** From `createMultiClusterServices`. */
  services: {
    inventory: FleetInventoryService;
    workloads: WorkloadOperations;
    placement: PlacementReader;
    karmada: KarmadaConnector[];
    store: HistoryRecorder;
    /** Where the service's dependencies run (for the DR posture). */
    dependencies?: DependencyReader;
    /** Direct scaling of real clusters patches with resourceVersion. */
    clients?: ClusterClientFactory;
  };
  signals?: SignalsService;
  notifications?: NotificationService;
  /**
   * The traffic provider of services that name none; defaults to the
   * webhook of `multiCluster.failover.traffic.webhook` when configured.
   */
  trafficProvider?: TrafficShiftProvider;
  /** The configured providers services name (`multiCluster.traffic.providers`). */
  trafficProviders?: TrafficProviderRegistry;
  /** Overrides of `multiCluster.failover.*` (tests, bench). */
  overrides?: Partial<FailoverConfig>;
  executors?: Partial<StepExecutors>;
  hooks?: RunnerHooks;
  workerId?: string;
}

/**
 * The failover runs of the plugin. Its routes are not here: the plugin
 * mounts them (`createFailoverRouter` over `service`) in its one router.
 *
 * @public
 */
export interface FailoverModule {
  service: FailoverService;
  /** Runs of work authorized elsewhere (a region failover's children). */
  internal: InternalFailoverRuns;
  store: FailoverStore;
  worker: FailoverWorker;
  /** Calls `listener` after every run transition this process records. */
  subscribe(listener: (t: FailoverTransition) => void): () => void;
  /**
   * Tells every backend replica when runs are created, finished or
   * released (and lets other orchestrators, e.g. of region failovers,
   * wait for their runs without polling).
   */
  signal: WorkSignal;
  registerActions(actionsRegistry: ActionsRegistryService): void;
  /** Starts hearing other replicas, then the worker. */
  start(): Promise<void>;
  /** Stops the worker (freeing its leases), then the signal. */
  stop(): Promise<void>;
}

/** The runner of the module's runs: its steps and what they read and write. */
function createRunner(
  options: FailoverModuleOptions,
  parts: {
    config: FailoverConfig;
    store: FailoverStore;
    events: FailoverEvents;
    traffic: TrafficShiftProvider | undefined;
  },
): FailoverRunner {
  const { config, store, events, traffic } = parts;
  return new FailoverRunner({
    store,
    journal: new ChangeJournal(store.db),
    events,
    executors: { ...defaultStepExecutors, ...options.executors },
    hooks: options.hooks,
    deps: {
      config,
      logger: options.logger,
      inventory: options.services.inventory,
      workloads: options.services.workloads,
      karmada: options.services.karmada,
      clients: options.services.clients,
      conflictRetries:
        options.config.getOptionalNumber('multiCluster.conflictRetries') ?? 3,
      traffic,
      trafficProviders: options.trafficProviders,
      runs: store,
      notifications: options.notifications,
      sleep,
    },
  });
}

/**
 * PagerDuty and Statuspage incidents, following the run transitions; the
 * owners' notifications go through Backstage notifications (its Slack
 * module delivers to Slack), so an old Slack webhook is only warned about.
 */
function outsideChannels(
  options: FailoverModuleOptions,
  config: FailoverConfig,
  events: FailoverEvents,
  store: FailoverStore,
) {
  if (config.deprecatedSlackWebhook) {
    options.logger.warn(
      'multiCluster.failover.slack.webhookUrl is ignored: failover notifications go through Backstage notifications; install @backstage/plugin-notifications-backend-module-slack for Slack',
    );
  }
  return createRunIncidents({
    config: config.incidents,
    events,
    getRun: id => store.getRun(id),
    logger: options.logger,
    appBaseUrl: config.appBaseUrl,
  });
}

/**
 * Builds the failover module: store, service, worker and actions. Its
 * tables come with the plugin's one migration set, its routes are part of
 * the plugin's one router (see `plugin.ts`). See `src/failover/README.md`.
 *
 * @public
 */
export async function createFailoverModule(
  options: FailoverModuleOptions,
): Promise<FailoverModule> {
  const config: FailoverConfig = {
    ...readFailoverConfig(options.config),
    ...options.overrides,
  };
  // The tables come with the plugin's migrations, applied before the
  // module is built (MultiClusterStore.create).
  const db = await options.database.getClient();
  const signal = createWorkSignal(db, options.logger);
  const store = new FailoverStore(db, signal);
  const traffic =
    options.trafficProvider ??
    (config.traffic?.webhook
      ? new WebhookTrafficShiftProvider(config.traffic.webhook)
      : undefined);
  const events = new FailoverEvents({
    auditor: options.auditor,
    history: options.services.store,
    signals: options.signals,
    logger: options.logger,
  });
  const incidents = outsideChannels(options, config, events, store);
  const runner = createRunner(options, { config, store, events, traffic });
  const worker = new FailoverWorker({
    store,
    runner,
    logger: options.logger,
    leaseMs: config.leaseMs,
    pollIntervalMs: config.pollIntervalMs,
    concurrency: config.concurrency,
    wake: signal,
    id: options.workerId,
  });
  const serviceOptions = {
    store,
    permissions: options.permissions,
    catalog: options.catalog,
    inventory: options.services.inventory,
    placement: options.services.placement,
    dependencies: options.services.dependencies,
    karmada: options.services.karmada,
    events,
    logger: options.logger,
    traffic,
  };
  const service = new DefaultFailoverService(serviceOptions);
  return {
    service,
    internal: new InternalFailoverRuns(serviceOptions),
    store,
    worker,
    subscribe: listener => events.subscribe(listener),
    signal,
    registerActions: actionsRegistry =>
      registerFailoverActions(actionsRegistry, service),
    start: async () => {
      // Listening first: a run created meanwhile is found by the first poll.
      await signal.start();
      worker.start();
    },
    stop: async () => {
      await worker.stop({ release: true });
      await incidents.drain();
      await signal.stop();
    },
  };
}
