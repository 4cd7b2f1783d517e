import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { recommendPlacementRequestSchema } from '@flotilla/plugin-multi-cluster-common';
import { refusingPlacementErrors } from './placementInputErrors';
import { MultiClusterServices } from '../service/createServices';
import { actionInputSchema, inputOf, toJson, READ_ONLY_ACTION } from './util';

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
    attributes: READ_ONLY_ACTION,
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
      const result = await refusingPlacementErrors(() =>
        services.placementReads.recommend(requirements, credentials),
      );
      return { output: toJson(result) };
    },
  });
}
