import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { MultiClusterServices } from '../service/createServices';
import { refusingPlacementErrors } from './placementInputErrors';
import { entityReadHandler, entityReadSchema, READ_ONLY_ACTION } from './util';

/** `multi-cluster:get-placement-advice` */
export function registerGetPlacementAdviceAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'placementAdvice'>,
) {
  actions.register({
    name: 'get-placement-advice',
    title: 'Advise where a service should run',
    description:
      "Placement advice for a catalog service's declared requirements (flotilla.io/replicas, resource-request, user-regions, data-residency, required-compliance, min-regions, max-cost-per-hour, gpu-models, placement): ranked placements with a score per objective, why each excluded cluster was excluded, the current placement (Karmada ResourceBinding) with cost, latency and headroom deltas, each input's source, and annotation problems.",
    attributes: READ_ONLY_ACTION,
    schema: entityReadSchema(z => ({
      requirements: z.record(z.string(), z.any()),
      problems: z.array(z.record(z.string(), z.any())),
      advice: z.record(z.string(), z.any()),
      comparisons: z.array(z.record(z.string(), z.any())),
      objectives: z.array(z.record(z.string(), z.any())),
    })),
    action: entityReadHandler((ref, credentials) =>
      refusingPlacementErrors(() =>
        services.placementAdvice.adviseEntity(ref, {}, credentials),
      ),
    ),
  });
}
