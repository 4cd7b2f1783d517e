import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { listClustersRequestSchema } from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import { actionInputSchema, inputOf, toJson, READ_ONLY_ACTION } from './util';

/** `multi-cluster:list-clusters` */
export function registerListClustersAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'clusterReads'>,
) {
  actions.register({
    name: 'list-clusters',
    title: 'List fleet clusters',
    description:
      'Lists the clusters of the multi-cluster fleet with health, capacity and lifecycle state. Filter by label (key=value), region, provider, environment, source, health, conflicted or stale; paged with limit/offset.',
    attributes: READ_ONLY_ACTION,
    schema: {
      input: actionInputSchema(listClustersRequestSchema),
      output: z =>
        z.object({
          items: z.array(z.record(z.string(), z.any())),
          totalCount: z.number(),
        }),
    },
    action: async ({ input, credentials }) => {
      const { limit, offset, ...filter } = inputOf(
        listClustersRequestSchema,
        input,
      );
      const result = await services.clusterReads.listClusters(
        filter,
        { limit, offset },
        credentials,
      );
      return { output: toJson(result) };
    },
  });
}
