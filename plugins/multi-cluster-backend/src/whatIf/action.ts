import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  whatIfPlanSchema,
  whatIfRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import {
  actionInputSchema,
  actionOutputSchema,
  inputOf,
  READ_ONLY_ACTION,
  toJson,
} from '../actions/util';
import type { WhatIfReadService } from './WhatIfReadService';

/** `multi-cluster:plan-cluster-loss`: `POST /what-if` for agents. */
export function registerPlanClusterLossAction(
  actions: ActionsRegistryService,
  services: { whatIfReads: Pick<WhatIfReadService, 'plan'> },
) {
  actions.register({
    name: 'plan-cluster-loss',
    title:
      'Plan what the fleet absorbs if clusters, a region or a provider were lost',
    description:
      'What-if capacity planning on the live fleet: every DR-declared service running on a lost cluster (named, or every cluster of the named regions or providers) is re-placed over the surviving healthy clusters with the Karmada scheduler, in recovery priority order (DR tier, then RTO target, then replicas), each placement taking its capacity before the next. Per service: where its replicas go, or the scarcest resource when they do not fit; whether it keeps its RTO/RPO targets, its quorum (min replicas) and its dependencies. Per cluster and region: CPU and memory used before and after. Changes nothing.',
    attributes: READ_ONLY_ACTION,
    schema: {
      // The schemas of POST /what-if.
      input: actionInputSchema(whatIfRequestSchema),
      output: actionOutputSchema(whatIfPlanSchema),
    },
    action: async ({ input, credentials }) => {
      const request = inputOf(whatIfRequestSchema, input);
      const plan = await services.whatIfReads.plan(request, credentials);
      return { output: toJson(plan) };
    },
  });
}
