import { HttpAuthService } from '@backstage/backend-plugin-api';
import {
  buildConnectivityReport,
  type AddonCoverageReport,
  type AnyApiRoute,
  multiClusterApiRoutes as routes,
  multiClusterClusterReadPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { EntityExposureService } from '../exposure/EntityExposureService';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '../inventory/types';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import { parsePath, parseQuery } from './validation';

/** Reads fleet-wide add-on coverage (the AddonCoverageService). */
export interface AddonCoverageReader {
  getCoverage(fleet: FleetCluster[]): Promise<AddonCoverageReport>;
}

/**
 * `GET /connectivity` (cluster sets, fabric findings, borrowed capacity),
 * `GET /addons` (fleet-wide add-on coverage) and
 * `GET /entities/:kind/:namespace/:name/exposure`, each over the clusters
 * the caller may read.
 */
export function createConnectivityRouter(options: {
  httpAuth: HttpAuthService;
  authorizer: ClusterAuthorizer;
  inventory: FleetInventoryService;
  addons: AddonCoverageReader;
  exposure: EntityExposureService;
}) {
  const { httpAuth, authorizer, inventory, addons, exposure } = options;
  const router = Router();

  async function readableClusters(
    route: AnyApiRoute,
    req: Parameters<typeof httpAuth.credentials>[0],
  ) {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    parseQuery(route, req.query);
    const canRead = await authorizer.clusterPredicate(
      multiClusterClusterReadPermission,
      credentials,
    );
    return { credentials, canRead };
  }

  router.get(routes.getConnectivity.path, async (req, res) => {
    const { canRead } = await readableClusters(routes.getConnectivity, req);
    res.json(
      buildConnectivityReport((await inventory.getClusters()).filter(canRead)),
    );
  });

  router.get(routes.getAddonCoverage.path, async (req, res) => {
    const { canRead } = await readableClusters(routes.getAddonCoverage, req);
    const clusters = (await inventory.getClusters()).filter(canRead);
    const readable = new Set(clusters.map(c => c.name));
    const report = await addons.getCoverage(clusters);
    // A delivery's status can name clusters the caller may not read: only
    // readable ones are shown.
    res.json({
      addons: report.addons.map(addon => ({
        ...addon,
        clusters: addon.clusters.filter(c => readable.has(c.cluster)),
      })),
    });
  });

  router.get(routes.getEntityExposure.path, async (req, res) => {
    const { credentials, canRead } = await readableClusters(
      routes.getEntityExposure,
      req,
    );
    const { kind, namespace, name } = parsePath(
      routes.getEntityExposure,
      req.params,
    );
    await authorizer.authorizeBasic(
      multiClusterPlacementReadPermission,
      credentials,
    );
    res.json(
      await exposure.getExposure(
        { kind, namespace, name },
        credentials,
        canRead,
      ),
    );
  });

  return router;
}
