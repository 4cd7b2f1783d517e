import { HttpAuthService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import { multiClusterClusterReadPermission } from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterLifecycleService } from '../lifecycle/ClusterLifecycleService';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import {
  deleteBodySchema,
  listClustersQuerySchema,
  scaleBodySchema,
  upgradeBodySchema,
} from './schemas';
import { parseInput } from './validation';

/** `GET /clusters`, `GET /clusters/:name` and the lifecycle calls. */
export function createClustersRouter(options: {
  httpAuth: HttpAuthService;
  inventory: FleetInventoryService;
  authorizer: ClusterAuthorizer;
  lifecycle: ClusterLifecycleService;
}) {
  const { httpAuth, inventory, authorizer, lifecycle } = options;
  const router = Router();

  router.get('/clusters', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const q = parseInput(listClustersQuerySchema, req.query, 'query');
    const canRead = await authorizer.clusterPredicate(
      multiClusterClusterReadPermission,
      credentials,
    );
    const result = await inventory.listClusters(
      {
        labels: q.label,
        region: q.region,
        provider: q.provider,
        environment: q.environment,
        health: q.health,
        source: q.source as any,
        conflicted: q.conflicted,
        stale: q.stale,
      },
      { limit: q.limit, offset: q.offset },
      canRead,
    );
    res.json(result);
  });

  router.get('/clusters/:name', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const cluster = await inventory.getCluster(req.params.name);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${req.params.name}' not found`);
    }
    await authorizer.authorizeCluster(
      multiClusterClusterReadPermission,
      cluster,
      credentials,
    );
    res.json(cluster);
  });

  router.post('/clusters/:name/scale', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const body = parseInput(scaleBodySchema, req.body);
    const result = await lifecycle.scale(req.params.name, body, {
      credentials,
      request: req,
    });
    res.json(result);
  });

  router.post('/clusters/:name/upgrade', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const body = parseInput(upgradeBodySchema, req.body);
    const result = await lifecycle.upgrade(req.params.name, body, {
      credentials,
      request: req,
    });
    res.json(result);
  });

  router.delete('/clusters/:name', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const body = parseInput(deleteBodySchema, req.body);
    const result = await lifecycle.delete(req.params.name, body, {
      credentials,
      request: req,
    });
    res.status(202).json(result);
  });

  return router;
}
