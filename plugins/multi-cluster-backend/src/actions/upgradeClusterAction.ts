import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { upgradeClusterActionInputSchema } from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import {
  actionInputSchema,
  clusterChangeHandler,
  IDEMPOTENT_CHANGE_ACTION,
} from './util';

/** `multi-cluster:upgrade-cluster` */
export function registerUpgradeClusterAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'lifecycle'>,
) {
  actions.register({
    name: 'upgrade-cluster',
    title: 'Upgrade a cluster Kubernetes version',
    description:
      'Upgrades a Cluster API cluster to a Kubernetes version (topology version or KubeadmControlPlane spec.version), one minor version at a time, no downgrades. Requires the multi-cluster.cluster.upgrade permission.',
    attributes: IDEMPOTENT_CHANGE_ACTION,
    schema: {
      input: actionInputSchema(upgradeClusterActionInputSchema),
      output: z =>
        z.object({
          cluster: z.string(),
          target: z.string(),
          objectName: z.string(),
          previousVersion: z.string().optional(),
          version: z.string(),
          resourceVersion: z.string().optional(),
          attempts: z.number(),
          source: z.string(),
        }),
    },
    action: clusterChangeHandler(
      upgradeClusterActionInputSchema,
      (cluster, request, options) =>
        services.lifecycle.upgrade(cluster, request, options),
    ),
  });
}
