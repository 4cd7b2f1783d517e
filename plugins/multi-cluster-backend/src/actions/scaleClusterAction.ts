import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { scaleClusterActionInputSchema } from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import {
  actionInputSchema,
  clusterChangeHandler,
  IDEMPOTENT_CHANGE_ACTION,
} from './util';

/** `multi-cluster:scale-cluster` */
export function registerScaleClusterAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'lifecycle'>,
) {
  actions.register({
    name: 'scale-cluster',
    title: 'Scale a cluster MachineDeployment',
    description:
      "Sets the replicas of one of a cluster's Cluster API MachineDeployments (merge patch guarded by resourceVersion; conflicts are retried a bounded number of times). Requires the multi-cluster.cluster.scale permission.",
    attributes: IDEMPOTENT_CHANGE_ACTION,
    schema: {
      input: actionInputSchema(scaleClusterActionInputSchema),
      output: z =>
        z.object({
          cluster: z.string(),
          machineDeployment: z.string(),
          namespace: z.string(),
          previousReplicas: z.number().optional(),
          replicas: z.number(),
          resourceVersion: z.string().optional(),
          attempts: z.number(),
          source: z.string(),
        }),
    },
    action: clusterChangeHandler(
      scaleClusterActionInputSchema,
      (cluster, request, options) =>
        services.lifecycle.scale(cluster, request, options),
    ),
  });
}
