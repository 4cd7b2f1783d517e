import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { MultiClusterServices } from '../service/createServices';
import { registerClusterLifecycleActions } from './clusterLifecycleActions';
import { registerGetClusterAction } from './getClusterAction';
import { registerGetEntityExposureAction } from './getEntityExposureAction';
import { registerGetEntityPlacementAction } from './getEntityPlacementAction';
import { registerGetFleetConnectivityAction } from './getFleetConnectivityAction';
import { registerGetPlacementAdviceAction } from './getPlacementAdviceAction';
import { registerListClustersAction } from './listClustersAction';
import { registerRecommendPlacementAction } from './recommendPlacementAction';
import { registerSimulatePlacementAction } from './simulatePlacementAction';
import { registerPlanClusterLossAction } from '../whatIf';

/** Registers all actions of the plugin. */
export function registerActions(
  actions: ActionsRegistryService,
  services: MultiClusterServices,
) {
  registerListClustersAction(actions, services);
  registerGetClusterAction(actions, services);
  registerSimulatePlacementAction(actions, services);
  registerRecommendPlacementAction(actions, services);
  registerGetEntityPlacementAction(actions, services);
  registerGetPlacementAdviceAction(actions, services);
  registerGetFleetConnectivityAction(actions, services);
  registerGetEntityExposureAction(actions, services);
  registerClusterLifecycleActions(actions, services);
  registerPlanClusterLossAction(actions, services);
}
