import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  emptyRequestSchema,
  resourceListSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import { actionInputSchema, toJson, READ_ONLY_ACTION } from './util';

/** `multi-cluster:get-fleet-connectivity` */
export function registerGetFleetConnectivityAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'fleetViews'>,
) {
  actions.register({
    name: 'get-fleet-connectivity',
    title:
      'Get the fleet’s cluster sets, fabric findings and borrowed capacity',
    description:
      'Returns the cluster sets (clusters joined by Submariner, Istio multi-cluster, Cilium Cluster Mesh, MCS or a declared fabric), clusters in no set, connectivity findings (overlapping pod/service CIDRs without Globalnet, gateways down, peers not connected), capacity borrowed through Liqo/Admiralty virtual nodes, and the fleet capacity with every node counted once. Only clusters the caller may read are included.',
    attributes: READ_ONLY_ACTION,
    schema: {
      input: actionInputSchema(emptyRequestSchema),
      output: z =>
        z.object({
          clusterSets: z.array(z.record(z.string(), z.any())),
          isolated: z.array(z.string()),
          findings: z.array(z.record(z.string(), z.any())),
          borrowed: z.array(z.record(z.string(), z.any())),
          // Resource names to quantities, checked like the cluster lists
          // it sums (common's zod 3 schema in the registry's zod/v3: the
          // same library, see actionInputSchema).
          fleetCapacity: resourceListSchema as unknown as ReturnType<
            typeof z.record
          >,
          errors: z.array(z.string()).optional(),
        }),
    },
    action: async ({ credentials }) => {
      const report = await services.fleetViews.getConnectivity(credentials);
      return { output: toJson(report) };
    },
  });
}
