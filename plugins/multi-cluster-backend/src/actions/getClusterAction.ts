import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { clusterRefSchema } from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import { actionInputSchema, inputOf, toJson, READ_ONLY_ACTION } from './util';

/** `multi-cluster:get-cluster` */
export function registerGetClusterAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'clusterReads'>,
) {
  actions.register({
    name: 'get-cluster',
    title: 'Get a fleet cluster',
    description:
      'Returns one cluster of the fleet: health, capacity, Cluster API lifecycle state (MachineDeployments, versions) and the workloads placed there.',
    attributes: READ_ONLY_ACTION,
    schema: {
      input: actionInputSchema(clusterRefSchema),
      output: z => z.object({ cluster: z.record(z.string(), z.any()) }),
    },
    action: async ({ input, credentials }) => {
      const { name } = inputOf(clusterRefSchema, input);
      const cluster = await services.clusterReads.getCluster(name, credentials);
      return { output: { cluster: toJson(cluster) } };
    },
  });
}
