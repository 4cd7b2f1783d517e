import { createRouteRef, createSubRouteRef } from '@backstage/core-plugin-api';

export const fleetRouteRef = createRouteRef({ id: 'multi-cluster:fleet' });

/** Paths of the fleet page's tabs, below the page's own path. */
export const FLEET_TAB_PATHS = {
  clusters: '/',
  regionLoss: '/region-loss',
  regionFailovers: '/region-failovers',
} as const;

/** The what-if of a region (or clusters, providers) lost. */
export const regionLossRouteRef = createSubRouteRef({
  id: 'multi-cluster:region-loss',
  parent: fleetRouteRef,
  path: FLEET_TAB_PATHS.regionLoss,
});

/** Recent region failovers and failbacks. */
export const regionFailoversRouteRef = createSubRouteRef({
  id: 'multi-cluster:region-failovers',
  parent: fleetRouteRef,
  path: FLEET_TAB_PATHS.regionFailovers,
});

/** One region failover (or failback) and its services' runs. */
export const regionFailoverRouteRef = createSubRouteRef({
  id: 'multi-cluster:region-failover',
  parent: fleetRouteRef,
  path: `${FLEET_TAB_PATHS.regionFailovers}/:id`,
});
