import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { simulatePlacementRequestSchema } from '@flotilla/plugin-multi-cluster-common';
import { refusingPlacementErrors } from './placementInputErrors';
import { MultiClusterServices } from '../service/createServices';
import { actionInputSchema, inputOf, toJson, READ_ONLY_ACTION } from './util';

/** `multi-cluster:simulate-placement` */
export function registerSimulatePlacementAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'placementReads'>,
) {
  actions.register({
    name: 'simulate-placement',
    title: 'Simulate a Karmada placement',
    description:
      'Runs the Karmada-exact scheduler for a placement (PropagationPolicy spec.placement) and a replica count on the live fleet, or on the clusters given. Returns the target clusters with replicas and a per-cluster explanation. With dependenciesOf, clusters that cannot reach the service’s dependencies are filtered out and say why.',
    attributes: READ_ONLY_ACTION,
    schema: {
      // The schema of POST /placement/simulate.
      input: actionInputSchema(simulatePlacementRequestSchema),
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
      const request = inputOf(simulatePlacementRequestSchema, input);
      const result = await refusingPlacementErrors(() =>
        services.placementReads.simulate(request, credentials),
      );
      return { output: toJson(result) };
    },
  });
}
