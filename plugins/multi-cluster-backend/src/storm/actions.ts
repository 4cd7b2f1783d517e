import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  regionFailoverRefSchema,
  regionFailoverSchema,
  startRegionFailoverRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import {
  actionInputSchema,
  actionOutputSchema,
  inputOf,
  READ_ONLY_ACTION,
  requireUser,
  toJson,
} from '../actions/util';
import { StormService } from './service/StormService';
import { toApiStorm } from './service/stormView';

/** `start-region-failover` and `get-region-failover`. */
export function registerStormActions(
  actions: ActionsRegistryService,
  service: StormService,
) {
  actions.register({
    name: 'start-region-failover',
    title: 'Fail every service over from lost clusters',
    description:
      'Starts a region failover: every DR-declared service running on the lost clusters (by name, region or provider; optionally only entityRefs) is planned with the what-if planner and moved to the survivors in priority order, at most maxConcurrentRuns at once and maxRunsPerTargetCluster onto one cluster, each only while the capacity it needs is free. Requires multi-cluster.failover.region. With dryRun it only returns the plan. With idempotencyKey a repeated call returns the same region failover.',
    attributes: { readOnly: false, destructive: true, idempotent: false },
    schema: {
      // The schema of POST /region-failovers.
      input: actionInputSchema(startRegionFailoverRequestSchema),
      output: z =>
        z.object({
          dryRun: z.boolean(),
          plan: z.unknown().optional(),
          storm: z.unknown().optional(),
        }),
    },
    action: async ({ input, credentials }) => {
      requireUser(credentials);
      const request = inputOf(startRegionFailoverRequestSchema, input);
      const result = await service.start(request, credentials);
      if (result.dryRun) {
        return { output: { dryRun: true, plan: toJson(result.plan) } };
      }
      return {
        output: { dryRun: false, storm: toJson(toApiStorm(result.storm)) },
      };
    },
  });

  actions.register({
    name: 'get-region-failover',
    title: 'Get a region failover',
    description:
      'Status of a region failover (or failback) and each of its services: priority, from, to, status (queued, waiting-capacity, running, succeeded, failed, cancelled, skipped), run id and reason. Requires multi-cluster.cluster.read on its lost clusters.',
    attributes: READ_ONLY_ACTION,
    schema: {
      input: actionInputSchema(regionFailoverRefSchema),
      output: actionOutputSchema(regionFailoverSchema),
    },
    action: async ({ input, credentials }) => {
      const { id } = inputOf(regionFailoverRefSchema, input);
      return {
        output: toJson(toApiStorm(await service.get(id, credentials))),
      };
    },
  });
}
