import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  scaleClusterActionInputSchema,
  scaleClusterResponseSchema,
  upgradeClusterActionInputSchema,
  upgradeClusterResponseSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import {
  actionInputSchema,
  actionOutputSchema,
  clusterChangeHandler,
  IDEMPOTENT_CHANGE_ACTION,
} from './util';

type Lifecycle = MultiClusterServices['lifecycle'];

/**
 * `multi-cluster:scale-cluster` and `multi-cluster:upgrade-cluster`: each
 * takes its route's request and answers its route's response.
 */
export function registerClusterLifecycleActions(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'lifecycle'>,
) {
  const lifecycle: Lifecycle = services.lifecycle;
  actions.register({
    name: 'scale-cluster',
    title: 'Scale a cluster MachineDeployment',
    description:
      "Sets the replicas of one of a cluster's Cluster API MachineDeployments (merge patch guarded by resourceVersion; conflicts are retried a bounded number of times). Requires the multi-cluster.cluster.scale permission.",
    attributes: IDEMPOTENT_CHANGE_ACTION,
    schema: {
      input: actionInputSchema(scaleClusterActionInputSchema),
      output: actionOutputSchema(scaleClusterResponseSchema),
    },
    action: clusterChangeHandler(
      scaleClusterActionInputSchema,
      (cluster, request, options) => lifecycle.scale(cluster, request, options),
    ),
  });
  actions.register({
    name: 'upgrade-cluster',
    title: 'Upgrade a cluster Kubernetes version',
    description:
      'Upgrades a Cluster API cluster to a Kubernetes version (topology version or KubeadmControlPlane spec.version), one minor version at a time, no downgrades. Requires the multi-cluster.cluster.upgrade permission.',
    attributes: IDEMPOTENT_CHANGE_ACTION,
    schema: {
      input: actionInputSchema(upgradeClusterActionInputSchema),
      output: actionOutputSchema(upgradeClusterResponseSchema),
    },
    action: clusterChangeHandler(
      upgradeClusterActionInputSchema,
      (cluster, request, options) =>
        lifecycle.upgrade(cluster, request, options),
    ),
  });
}
