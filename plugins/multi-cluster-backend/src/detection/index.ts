import {
  AuthService,
  DatabaseService,
  LoggerService,
  PermissionsService,
  RootConfigService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import { durationToMilliseconds } from '@backstage/types';
import {
  type KarmadaConnector,
  type MultiClusterConfig,
} from '@flotilla/plugin-multi-cluster-node';
import type { ClusterReadService } from '../clusters/ClusterReadService';
import { readFailoverConfig } from '../failover/config';
import type { PlacementReader } from '../failover/serviceTypes';
import { ServicePlacement } from '../failover/ServicePlacement';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import { ArgoCdApplicationHealth } from './ApplicationHealthReader';
import { CatalogServiceObserver } from './CatalogServiceObserver';
import { DetectionConfig, readDetectionConfig } from './config';
import { DecisionDelivery } from './DecisionDelivery';
import { DecisionStore } from './DecisionStore';
import { DetectionReads } from './DetectionReads';
import { DetectionService } from './DetectionService';
import { FailoverRunActivity } from './FailoverActivity';
import type { RecoveryStarter, ServiceObserver } from './types';
import { WindowStore } from './WindowStore';

export type { RecoveryStarter } from './types';
export { createDetectionRouter } from './router';
export type { DetectionReads } from './DetectionReads';
export type { DetectionService } from './DetectionService';

/** What detection needs: core services and the plugin's services. */
export interface DetectionModuleOptions {
  config: RootConfigService;
  logger: LoggerService;
  /** The plugin's database, migrated by the plugin (`MultiClusterStore`). */
  database: DatabaseService;
  auth: AuthService;
  permissions: PermissionsService;
  catalog: CatalogService;
  services: {
    config: MultiClusterConfig;
    inventory: FleetInventoryService;
    placement: PlacementReader;
    karmada: KarmadaConnector[];
    clusterReads: Pick<ClusterReadService, 'readableClusters'>;
  };
  notifications?: NotificationService;
  /** Starts region failovers and failbacks (the region failover module). */
  recovery?: RecoveryStarter;
  /** Overrides of `multiCluster.detection.*` (tests). */
  overrides?: Partial<DetectionConfig>;
  /** Replaces the catalog reader (tests). */
  observer?: ServiceObserver;
}

/** @public */
export interface DetectionModule {
  config: DetectionConfig;
  service: DetectionService;
  reads: DetectionReads;
  /** Schedules the ticks (once across replicas) when detection is enabled. */
  schedule(scheduler: SchedulerService): Promise<void>;
}

function catalogObserver(options: DetectionModuleOptions): ServiceObserver {
  const { services } = options;
  const argocd = readFailoverConfig(options.config).argocd;
  return new CatalogServiceObserver({
    catalog: options.catalog,
    auth: options.auth,
    placement: new ServicePlacement({
      catalog: options.catalog,
      inventory: services.inventory,
      placement: services.placement,
      karmada: services.karmada,
    }),
    applications: argocd
      ? new ArgoCdApplicationHealth(argocd, services.config.clusterTimeoutMs)
      : undefined,
    logger: options.logger,
    concurrency: services.config.concurrency,
  });
}

/**
 * Builds detection: its stores, the tick, its reads. Its tables come with
 * the plugin's one migration set, its routes are part of the plugin's one
 * router (`createDetectionRouter` over `reads`).
 *
 * @public
 */
export async function createDetectionModule(
  options: DetectionModuleOptions,
): Promise<DetectionModule> {
  const config = {
    ...readDetectionConfig(options.config),
    ...options.overrides,
  };
  const db = await options.database.getClient();
  const windows = new WindowStore(db);
  const decisions = new DecisionStore(db);
  const frequencyMs = durationToMilliseconds(config.frequency);
  const service = new DetectionService({
    inventory: options.services.inventory,
    services: options.observer ?? catalogObserver(options),
    activity: new FailoverRunActivity(db),
    windows,
    decisions,
    delivery: new DecisionDelivery({
      decisions,
      logger: options.logger,
      recovery: options.recovery,
      notifications: options.notifications,
      appBaseUrl: options.config.getOptionalString('app.baseUrl'),
    }),
    logger: options.logger,
    minFailoverIntervalMs: config.minFailoverIntervalMs,
    failbackStabilizationMs: config.failbackStabilizationMs,
    // Three ticks missed: the time between says nothing.
    maxGapMs: 3 * frequencyMs,
    // Three inventory refreshes missed: its verdict is not current.
    maxVerdictAgeMs:
      3 * durationToMilliseconds(options.services.config.refreshFrequency),
    automaticAvailable: !!options.recovery,
    timeScale: config.timeScale,
  });
  const reads = new DetectionReads({
    windows,
    decisions,
    clusters: options.services.clusterReads,
    permissions: options.permissions,
  });
  return {
    config,
    service,
    reads,
    schedule: async scheduler => {
      if (!config.enabled) {
        options.logger.info(
          'Detection is off (multiCluster.detection.enabled)',
        );
        return;
      }
      await scheduler.scheduleTask({
        id: 'multi-cluster-detection',
        frequency: config.frequency,
        // A tick reads every DR-declared service's placement.
        timeout: config.timeout ?? {
          milliseconds: Math.max(4 * frequencyMs, 120_000),
        },
        scope: 'global',
        fn: async signal => {
          await service.tick(new Date(), { signal });
        },
      });
    },
  };
}
