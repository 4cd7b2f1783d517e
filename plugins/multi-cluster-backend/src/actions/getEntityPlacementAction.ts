import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { MultiClusterServices } from '../service/createServices';
import { entityReadHandler, entityReadSchema, READ_ONLY_ACTION } from './util';

/** `multi-cluster:get-entity-placement` */
export function registerGetEntityPlacementAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'placementReads'>,
) {
  actions.register({
    name: 'get-entity-placement',
    title: 'Get the placement of a catalog entity',
    description:
      "Returns an entity's desired placement (Karmada PropagationPolicy/ResourceBinding or the flotilla.io/placement annotation) and the actual replicas per cluster of its Deployments/StatefulSets (label backstage.io/kubernetes-id), with per-cluster errors.",
    attributes: READ_ONLY_ACTION,
    schema: entityReadSchema(z => ({
      kubernetesId: z.string(),
      desired: z.record(z.string(), z.any()),
      actual: z.record(z.string(), z.any()),
      errors: z.array(z.record(z.string(), z.any())),
    })),
    action: entityReadHandler((ref, credentials) =>
      services.placementReads.getEntityPlacement(ref, credentials),
    ),
  });
}
