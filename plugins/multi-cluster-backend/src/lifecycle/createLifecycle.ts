import type {
  DatabaseService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type {
  ClusterApiConnector,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import type { HistoryRecorder } from '../database/MultiClusterStore';
import type { MutationRecorder } from '../history/MutationRecorder';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import type { ClusterPermissions } from '../permissions/ClusterPermissions';
import { ClusterApiLifecycle } from './ClusterApiLifecycle';
import { ClusterLifecycleService } from './ClusterLifecycleService';
import type { ClusterLifecycleProvider } from './types';
import { ClusterUpgrades, MACHINE_IMAGE_NOTE } from './upgrade/ClusterUpgrades';
import { ClusterUpgradeStore } from './upgrade/ClusterUpgradeStore';
import { ClusterUpgradeWorker } from './upgrade/ClusterUpgradeWorker';

/** How often unfinished upgrades are read and taken further. */
const UPGRADE_PASS_MS = 5_000;

/**
 * Cluster lifecycle over each Cluster API management cluster, and the worker
 * that takes upgrades further (the plugin starts and stops it). Changes go
 * through the same client the listing connector reads with; the database
 * tables exist already (the plugin's migrations ran).
 */
export async function createLifecycle(deps: {
  database: DatabaseService;
  logger: LoggerService;
  clients: ClusterClientFactory;
  clusterApi: ClusterApiConnector[];
  conflictRetries: number;
  inventory: FleetInventoryService & { requestRefresh(): void };
  permissions: Pick<ClusterPermissions, 'authorizeCluster'>;
  recorder: MutationRecorder;
  history: HistoryRecorder;
}) {
  const { logger } = deps;
  const providers = new Map<string, ClusterLifecycleProvider>();
  for (const c of deps.clusterApi) {
    providers.set(
      c.managementCluster,
      new ClusterApiLifecycle({
        managementCluster: c.managementCluster,
        client: deps.clients.forControlPlane(
          'cluster-api',
          c.managementCluster,
        )!,
        logger,
        conflictRetries: deps.conflictRetries,
      }),
    );
  }
  const onChange = () => deps.inventory.requestRefresh();
  const store = new ClusterUpgradeStore(
    await deps.database.getClient(),
    MACHINE_IMAGE_NOTE,
  );
  const upgradeWorker = new ClusterUpgradeWorker({
    store,
    operations: name => providers.get(name),
    history: deps.history,
    logger,
    intervalMs: UPGRADE_PASS_MS,
    onChange,
  });
  const lifecycle = new ClusterLifecycleService({
    inventory: deps.inventory,
    providers,
    permissions: deps.permissions,
    recorder: deps.recorder,
    upgrades: new ClusterUpgrades({ store, wake: () => upgradeWorker.wake() }),
    logger,
    onChange,
  });
  return { lifecycle, upgradeWorker };
}
