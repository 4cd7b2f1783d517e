import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { multiClusterClusterReadPermission } from '@flotilla/plugin-multi-cluster-common';
import { MultiClusterServices } from '../service/createServices';
import { toJson } from './util';

/** `multi-cluster:list-clusters` */
export function registerListClustersAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'inventory' | 'authorizer'>,
) {
  actions.register({
    name: 'list-clusters',
    title: 'List fleet clusters',
    description:
      'Lists the clusters of the multi-cluster fleet with health, capacity and lifecycle state. Filter by label (key=value), region, provider, environment or health; paged with limit/offset.',
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: {
      input: z =>
        z.object({
          labels: z
            .record(z.string(), z.string())
            .optional()
            .describe(
              'Labels the clusters must have, e.g. {"environment":"prod"}',
            ),
          region: z.array(z.string()).optional(),
          provider: z.array(z.string()).optional(),
          environment: z.array(z.string()).optional(),
          health: z
            .array(z.enum(['healthy', 'unhealthy', 'unknown']))
            .optional(),
          limit: z.number().int().min(1).max(1000).default(100),
          offset: z.number().int().min(0).default(0),
        }),
      output: z =>
        z.object({
          items: z.array(z.record(z.string(), z.any())),
          totalCount: z.number(),
        }),
    },
    action: async ({ input, credentials }) => {
      const canRead = await services.authorizer.clusterPredicate(
        multiClusterClusterReadPermission,
        credentials,
      );
      const result = await services.inventory.listClusters(
        {
          labels: input.labels,
          region: input.region,
          provider: input.provider,
          environment: input.environment,
          health: input.health,
        },
        { limit: input.limit, offset: input.offset },
        canRead,
      );
      return { output: toJson(result) };
    },
  });
}
