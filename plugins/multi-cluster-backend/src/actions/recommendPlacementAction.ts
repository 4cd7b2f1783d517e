import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  multiClusterClusterReadPermission,
  multiClusterPlacementReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import { recommendBodySchema } from '../service/placementSchemas';
import { MultiClusterServices } from '../service/createServices';
import { parseInput } from '../service/validation';
import { toJson } from './util';

/** `multi-cluster:recommend-placement` */
export function registerRecommendPlacementAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'simulator' | 'authorizer'>,
) {
  actions.register({
    name: 'recommend-placement',
    title: 'Recommend where a workload should run',
    description:
      'Placement advice on the live fleet: ranked placements for a workload (replicas, per-replica requests, data residency, user regions, minimum regions/zones, cost ceiling, compliance), each with a Karmada placement that reproduces its replica split, a score per objective (latency, cost, GPU, compliance) and why each excluded cluster was excluded (including clusters that cannot reach the dependencies of dependenciesOf).',
    attributes: { readOnly: true, destructive: false, idempotent: true },
    schema: {
      input: z =>
        z.object({
          replicas: z.number().int().min(1),
          resourceRequest: z.record(z.string(), z.string()).optional(),
          allowedJurisdictions: z.array(z.string()).optional(),
          userRegions: z.array(z.string()).optional(),
          minRegions: z.number().int().min(1).optional(),
          minZones: z.number().int().min(1).optional(),
          maxCostPerHour: z.number().positive().optional(),
          requiredCompliance: z.array(z.string()).optional(),
          requiredLabels: z.record(z.string(), z.string()).optional(),
          excludeClusters: z.array(z.string()).optional(),
          limit: z.number().int().min(1).max(20).optional(),
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
      const body = parseInput(recommendBodySchema, input, 'input');
      await services.authorizer.authorizeBasic(
        multiClusterPlacementReadPermission,
        credentials,
      );
      const canRead = await services.authorizer.clusterPredicate(
        multiClusterClusterReadPermission,
        credentials,
      );
      return {
        output: toJson(
          await services.simulator.recommend(body, canRead, credentials),
        ),
      };
    },
  });
}
