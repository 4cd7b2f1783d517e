import { HttpAuthService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  clusterRefSchema,
  deleteClusterRequestSchema,
  emptyRequestSchema,
  listClustersQuerySchema,
  multiClusterClusterReadPermission,
  scaleClusterRequestSchema,
  upgradeClusterRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { ClusterLifecycleService } from '../lifecycle/ClusterLifecycleService';
import { ClusterAuthorizer } from '../permissions/ClusterAuthorizer';
import { BODY_LIMITS, jsonBody } from './bodyParser';
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
  const lifecycleBody = jsonBody(BODY_LIMITS.lifecycle);

  router.get('/clusters', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { limit, offset, ...filter } = parseInput(
      listClustersQuerySchema,
      req.query,
      'query',
    );
    const canRead = await authorizer.clusterPredicate(
      multiClusterClusterReadPermission,
      credentials,
    );
    res.json(await inventory.listClusters(filter, { limit, offset }, canRead));
  });

  router.get('/clusters/:name', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { name } = parseInput(clusterRefSchema, req.params, 'path');
    parseInput(emptyRequestSchema, req.query, 'query');
    const cluster = await inventory.getCluster(name);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${name}' not found`);
    }
    await authorizer.authorizeCluster(
      multiClusterClusterReadPermission,
      cluster,
      credentials,
    );
    res.json(cluster);
  });

  router.post('/clusters/:name/scale', lifecycleBody, async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name } = parseInput(clusterRefSchema, req.params, 'path');
    const body = parseInput(scaleClusterRequestSchema, req.body);
    const result = await lifecycle.scale(name, body, {
      credentials,
      request: req,
    });
    res.json(result);
  });

  router.post('/clusters/:name/upgrade', lifecycleBody, async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name } = parseInput(clusterRefSchema, req.params, 'path');
    const body = parseInput(upgradeClusterRequestSchema, req.body);
    const result = await lifecycle.upgrade(name, body, {
      credentials,
      request: req,
    });
    res.json(result);
  });

  router.delete('/clusters/:name', lifecycleBody, async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name } = parseInput(clusterRefSchema, req.params, 'path');
    const body = parseInput(deleteClusterRequestSchema, req.body);
    const result = await lifecycle.delete(name, body, {
      credentials,
      request: req,
    });
    res.status(202).json(result);
  });

  return router;
}
