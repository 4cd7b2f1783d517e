import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { InputError } from '@backstage/errors';
import {
  QuantityError,
  recommendPlacementRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { isPlacementError } from '../placement/PlacementSimulator';
import { MultiClusterServices } from '../service/createServices';
import { actionInputSchema, inputOf, toJson } from './util';

/** `multi-cluster:recommend-placement` */
export function registerRecommendPlacementAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'placementReads'>,
) {
  actions.register({
    name: 'recommend-placement',
    title: 'Recommend where a workload should run',
    description:
      'Placement advice on the live fleet: ranked placements for a workload (replicas, per-replica requests, data residency, user regions, minimum regions/zones, cost ceiling, compliance), each with a Karmada placement that reproduces its replica split, a score per objective (latency, cost, GPU, compliance) and why each excluded cluster was excluded (including clusters that cannot reach the dependencies of dependenciesOf).',
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: {
      // The schema of POST /placement/recommend.
      input: actionInputSchema(recommendPlacementRequestSchema),
      output: z =>
        z.object({
          recommendations: z.array(z.record(z.string(), z.any())),
          excluded: z.array(
            z.object({ cluster: z.string(), reasons: z.array(z.string()) }),
          ),
          rejected: z.array(
            z.object({ clusters: z.array(z.string()), reason: z.string() }),
          ),
        }),
    },
    action: async ({ input, credentials }) => {
      const requirements = inputOf(recommendPlacementRequestSchema, input);
      try {
        return {
          output: toJson(
            await services.placementReads.recommend(requirements, credentials),
          ),
        };
      } catch (error) {
        // As the route answers 422, the action refuses the input.
        if (isPlacementError(error)) {
          throw new InputError(`PlacementError: ${error.message}`);
        }
        if (error instanceof QuantityError) {
          throw new InputError(error.message);
        }
        throw error;
      }
    },
  });
}
