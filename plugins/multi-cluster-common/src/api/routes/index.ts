import {
  deleteCluster,
  getCluster,
  getClusterHistory,
  getClusterUpgrade,
  listClusters,
  scaleCluster,
  upgradeCluster,
} from './clusters';
import {
  getAddonCoverage,
  getConnectivity,
  getEntityExposure,
} from './connectivity';
import {
  cancelFailover,
  getEntityDr,
  getEntityRecoveryHistory,
  getFailover,
  listFailovers,
  rollbackFailover,
  startDrill,
  startFailover,
} from './failover';
import { health } from './health';
import {
  cancelRegionFailover,
  getRegionFailover,
  listDetectionClusters,
  listDetectionDecisions,
  listRegionFailovers,
  pauseRegionFailover,
  planWhatIf,
  resumeRegionFailover,
  startFailback,
  startRegionFailover,
} from './regionLoss';
import {
  getEntityPlacement,
  getEntityPlacementAdvice,
  getPlacementOptions,
  recommendPlacement,
  simulatePlacement,
} from './placement';

/**
 * Every route of the multi-cluster backend (`/api/multi-cluster`), once: the
 * router validates with these schemas, the OpenAPI document is generated
 * from them (in this order), and the typed client calls through them. Each
 * route is defined with the others of its concern in this folder.
 */

// The route shape is in ../routeTypes; `./routes` keeps exporting it.
export type {
  AnyApiRoute,
  ApiErrorStatus,
  ApiMethod,
  ApiRoute,
  ApiSuccess,
  ApiSuccessStatus,
  RollbackFailoverResponse,
  SimulatePlacementResponse,
  StartFailoverResponse,
} from '../routeTypes';

/** The multi-cluster API, route by route. @public */
export const multiClusterApiRoutes = {
  health,
  listClusters,
  getCluster,
  scaleCluster,
  upgradeCluster,
  getClusterUpgrade,
  deleteCluster,
  getClusterHistory,
  simulatePlacement,
  recommendPlacement,
  getPlacementOptions,
  getConnectivity,
  getAddonCoverage,
  getEntityExposure,
  getEntityPlacement,
  getEntityPlacementAdvice,
  startFailover,
  startDrill,
  listFailovers,
  getFailover,
  cancelFailover,
  rollbackFailover,
  getEntityDr,
  getEntityRecoveryHistory,
  planWhatIf,
  listDetectionClusters,
  listDetectionDecisions,
  startRegionFailover,
  listRegionFailovers,
  getRegionFailover,
  pauseRegionFailover,
  resumeRegionFailover,
  cancelRegionFailover,
  startFailback,
};

/** The name of a route in {@link multiClusterApiRoutes}. @public */
export type MultiClusterApiRouteName = keyof typeof multiClusterApiRoutes;
