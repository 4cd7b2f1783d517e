import { HttpAuthService } from '@backstage/backend-plugin-api';
import { multiClusterApiRoutes as routes } from '@flotilla/plugin-multi-cluster-common';
import Router from 'express-promise-router';
import { ClusterReadService } from '../clusters/ClusterReadService';
import { ClusterLifecycleService } from '../lifecycle/ClusterLifecycleService';
import { BODY_LIMITS, jsonBody } from './bodyParser';
import { parseBody, parsePath, parseQuery } from './validation';

/** `GET /clusters`, `GET /clusters/:name` and the lifecycle calls. */
export function createClustersRouter(options: {
  httpAuth: HttpAuthService;
  clusters: ClusterReadService;
  lifecycle: ClusterLifecycleService;
}) {
  const { httpAuth, clusters, lifecycle } = options;
  const router = Router();
  const lifecycleBody = jsonBody(BODY_LIMITS.lifecycle);

  router.get(routes.listClusters.path, async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { limit, offset, ...filter } = parseQuery(
      routes.listClusters,
      req.query,
    );
    res.json(
      await clusters.listClusters(filter, { limit, offset }, credentials),
    );
  });

  router.get(routes.getCluster.path, async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { name } = parsePath(routes.getCluster, req.params);
    parseQuery(routes.getCluster, req.query);
    res.json(await clusters.getCluster(name, credentials));
  });

  router.post(routes.scaleCluster.path, lifecycleBody, async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name } = parsePath(routes.scaleCluster, req.params);
    const body = parseBody(routes.scaleCluster, req.body);
    const result = await lifecycle.scale(name, body, {
      credentials,
      request: req,
    });
    res.json(result);
  });

  router.post(routes.upgradeCluster.path, lifecycleBody, async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name } = parsePath(routes.upgradeCluster, req.params);
    const body = parseBody(routes.upgradeCluster, req.body);
    const result = await lifecycle.upgrade(name, body, {
      credentials,
      request: req,
    });
    res.json(result);
  });

  router.get(routes.getClusterUpgrade.path, async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    const { name } = parsePath(routes.getClusterUpgrade, req.params);
    parseQuery(routes.getClusterUpgrade, req.query);
    // Answers 404 or 403 for a cluster the caller may not read.
    await clusters.getCluster(name, credentials);
    res.json(await lifecycle.latestUpgrade(name));
  });

  router.delete(routes.deleteCluster.path, lifecycleBody, async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name } = parsePath(routes.deleteCluster, req.params);
    const body = parseBody(routes.deleteCluster, req.body);
    const result = await lifecycle.delete(name, body, {
      credentials,
      request: req,
    });
    res.status(202).json(result);
  });

  return router;
}
