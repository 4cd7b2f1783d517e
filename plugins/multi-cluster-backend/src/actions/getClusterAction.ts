import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { MultiClusterServices } from '../service/createServices';
import { toJson } from './util';

/** `multi-cluster:get-cluster` */
export function registerGetClusterAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'lifecycle'>,
) {
  actions.register({
    name: 'get-cluster',
    title: 'Get a fleet cluster',
    description:
      'Returns one cluster of the fleet: health, capacity, Cluster API lifecycle state (MachineDeployments, versions) and the workloads placed there.',
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: {
      input: z =>
        z.object({ name: z.string().min(1).describe('Cluster name') }),
      output: z => z.object({ cluster: z.record(z.string(), z.any()) }),
    },
    action: async ({ input, credentials }) => {
      const cluster = await services.lifecycle.getCluster(input.name, {
        credentials,
      });
      return { output: { cluster: toJson(cluster) } };
    },
  });
}
