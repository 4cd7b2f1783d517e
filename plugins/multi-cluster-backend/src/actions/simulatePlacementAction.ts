import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { InputError } from '@backstage/errors';
import {
  multiClusterClusterReadPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import { isPlacementError } from '../placement/PlacementSimulator';
import { simulateBodySchema } from '../service/placementSchemas';
import { MultiClusterServices } from '../service/createServices';
import { parseInput } from '../service/validation';
import { toJson } from './util';

/** `multi-cluster:simulate-placement` */
export function registerSimulatePlacementAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'simulator' | 'authorizer'>,
) {
  actions.register({
    name: 'simulate-placement',
    title: 'Simulate a Karmada placement',
    description:
      'Runs the Karmada-exact scheduler for a placement (PropagationPolicy spec.placement) and a replica count on the live fleet, or on the clusters given. Returns the target clusters with replicas and a per-cluster explanation. With dependenciesOf, clusters that cannot reach the service’s dependencies are filtered out and say why.',
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: {
      input: z =>
        z.object({
          replicas: z.number().int().min(0),
          placement: z
            .record(z.string(), z.any())
            .describe(
              'Karmada placement (clusterAffinity, spreadConstraints, replicaScheduling, ...)',
            ),
          clusters: z.array(z.record(z.string(), z.any())).optional(),
          previous: z
            .array(z.object({ name: z.string(), replicas: z.number().int() }))
            .optional(),
          replicaRequirements: z
            .object({
              resourceRequest: z.record(z.string(), z.string()).optional(),
            })
            .optional(),
          dependenciesOf: z
            .string()
            .optional()
            .describe(
              'Entity ref (e.g. component:default/checkout); only clusters that share a cluster set with where each of its catalog dependsOn targets runs are used',
            ),
          dependsOn: z
            .array(z.string())
            .optional()
            .describe(
              'Entity refs a service not yet in the catalog will depend on; only clusters that can reach where they run are used',
            ),
        }),
      output: z =>
        z.object({
          targets: z.array(
            z.object({ name: z.string(), replicas: z.number().optional() }),
          ),
          explanation: z.array(z.record(z.string(), z.any())),
          fleet: z.string(),
          clusterCount: z.number(),
        }),
    },
    action: async ({ input, credentials }) => {
      const body = parseInput(simulateBodySchema, input, 'input');
      await services.authorizer.authorizeBasic(
        multiClusterPlacementReadPermission,
        credentials,
      );
      const canRead = await services.authorizer.clusterPredicate(
        multiClusterClusterReadPermission,
        credentials,
      );
      try {
        const result = await services.simulator.simulate(
          body as any,
          canRead,
          credentials,
        );
        return { output: toJson(result) };
      } catch (error) {
        if (isPlacementError(error)) {
          throw new InputError(`PlacementError: ${error.message}`);
        }
        throw error;
      }
    },
  });
}
