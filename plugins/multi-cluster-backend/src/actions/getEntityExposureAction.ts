import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { MultiClusterServices } from '../service/createServices';
import { entityReadHandler, entityReadSchema, READ_ONLY_ACTION } from './util';

/** `multi-cluster:get-entity-exposure` */
export function registerGetEntityExposureAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'exposureReads'>,
) {
  actions.register({
    name: 'get-entity-exposure',
    title: 'Get where a service is exported and reachable from',
    description:
      "For a catalog entity: its MCS exports (ServiceExports named like its workloads, or declared in flotilla.io/service-exports) with the <name>.<namespace>.svc.clusterset.local host, the clusters exporting each and the clusters that can reach it; and for each catalog dependsOn target, where it runs and which of the entity's clusters cannot reach it.",
    attributes: READ_ONLY_ACTION,
    schema: entityReadSchema(z => ({
      exports: z.array(z.record(z.string(), z.any())),
      dependencies: z.array(z.record(z.string(), z.any())),
      problems: z.array(z.string()).optional(),
    })),
    action: entityReadHandler((ref, credentials) =>
      services.exposureReads.getExposure(ref, credentials),
    ),
  });
}
