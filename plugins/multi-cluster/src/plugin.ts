import {
  createApiFactory,
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { MultiClusterClient, multiClusterApiRef } from './api';
import {
  fleetRouteRef,
  regionFailoverRouteRef,
  regionFailoversRouteRef,
  regionLossRouteRef,
} from './routes';

/**
 * Flotilla for the legacy frontend system.
 *
 * @public
 */
export const multiClusterPlugin = createPlugin({
  id: 'multi-cluster',
  apis: [
    createApiFactory({
      api: multiClusterApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: deps => new MultiClusterClient(deps),
    }),
  ],
  routes: {
    fleet: fleetRouteRef,
    regionLoss: regionLossRouteRef,
    regionFailovers: regionFailoversRouteRef,
    regionFailover: regionFailoverRouteRef,
  },
});

/**
 * The fleet page: every cluster, filters by segmentation axis, detection and
 * the simulator; the "Region loss" what-if and the region failovers are tabs
 * of it (`/region-loss`, `/region-failovers`).
 *
 * @public
 */
export const FleetPage: () => JSX.Element = multiClusterPlugin.provide(
  createRoutableExtension({
    name: 'FleetPage',
    component: () => import('./components/FleetPage').then(m => m.FleetPage),
    mountPoint: fleetRouteRef,
  }),
);

/**
 * The "Multi-cluster" tab of a service entity.
 *
 * @public
 */
export const EntityMultiClusterContent: () => JSX.Element =
  multiClusterPlugin.provide(
    createComponentExtension({
      name: 'EntityMultiClusterContent',
      component: {
        lazy: () =>
          import('./components/EntityMultiClusterContent').then(
            m => m.EntityMultiClusterContent,
          ),
      },
    }),
  );

/**
 * The "Cluster" tab of a kubernetes-cluster Resource entity.
 *
 * @public
 */
export const EntityClusterContent: () => JSX.Element | null =
  multiClusterPlugin.provide(
    createComponentExtension({
      name: 'EntityClusterContent',
      component: {
        lazy: () =>
          import('./components/EntityClusterContent').then(
            m => m.EntityClusterContent,
          ),
      },
    }),
  );
