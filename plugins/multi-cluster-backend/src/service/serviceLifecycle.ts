import {
  LifecycleService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import { MultiClusterServices } from './createServices';

/** Starts and stops the services that run in the background. */
export function registerServiceLifecycle(
  lifecycle: LifecycleService,
  services: MultiClusterServices,
): void {
  lifecycle.addShutdownHook(() => services.inventory.stop());
  lifecycle.addStartupHook(() => services.upgradeWorker.start());
  lifecycle.addShutdownHook(() => services.upgradeWorker.stop());
  lifecycle.addShutdownHook(() => services.placementWorkers.close());
}

/** Refreshes the fleet inventory on schedule, once across replicas. */
export async function scheduleFleetRefresh(
  scheduler: SchedulerService,
  services: MultiClusterServices,
): Promise<void> {
  await scheduler.scheduleTask({
    id: 'multi-cluster-fleet-refresh',
    frequency: services.config.refreshFrequency,
    timeout: services.config.refreshTimeout,
    scope: 'global',
    fn: async signal => {
      await services.inventory.refresh({ signal });
    },
  });
  const frequency = services.config.catalog.watchFrequency;
  if (!frequency || !services.sourceWatch.watching) return;
  // Local: a replica compares the catalog with its own last listing.
  await scheduler.scheduleTask({
    id: 'multi-cluster-source-watch',
    frequency,
    timeout: services.config.refreshTimeout,
    scope: 'local',
    fn: async signal => {
      await services.sourceWatch.check(signal);
    },
  });
}
