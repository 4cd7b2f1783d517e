import type {
  AuthService,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import { InputError, ResponseError } from '@backstage/errors';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  MultiClusterApiClient,
  multiClusterApiRoutes as routes,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './placementRecommend.examples';
import { withoutBlanks } from './util';

/**
 * ID of the placement recommendation action.
 *
 * @public
 */
export const PLACEMENT_RECOMMEND_ACTION_ID = 'multicluster:placement:recommend';

/**
 * `multicluster:placement:recommend`: asks the multi-cluster backend for
 * placement advice on the live fleet, as the user who runs the template, and
 * outputs the best placement ready for `multicluster:karmada:policy`: what
 * "let the platform choose" (`--region=auto`) means in a template.
 *
 * @public
 */
export function createPlacementRecommendAction(options: {
  auth: AuthService;
  discovery: DiscoveryService;
}) {
  const client = new MultiClusterApiClient({
    discovery: options.discovery,
    errors: ResponseError,
  });
  return createTemplateAction({
    id: PLACEMENT_RECOMMEND_ACTION_ID,
    description:
      'Recommends where a workload should run on the live fleet and outputs a ready Karmada placement.',
    examples,
    // Read-only: it only asks the backend, so it runs in dry runs too.
    supportsDryRun: true,
    schema: {
      input: z =>
        z.object({
          replicas: z.number().int().min(1).describe('Total replicas'),
          resourceRequest: z
            .record(z.string())
            .optional()
            .describe('Per-replica requests, e.g. { cpu: 500m, memory: 1Gi }'),
          allowedJurisdictions: z
            .array(z.string())
            .optional()
            .describe('Jurisdictions the data may live in, e.g. [eu]'),
          userRegions: z
            .array(z.string())
            .optional()
            .describe('Regions the users are in'),
          minRegions: z.number().int().min(1).optional(),
          minZones: z.number().int().min(1).optional(),
          maxCostPerHour: z.number().positive().optional(),
          requiredCompliance: z.array(z.string()).optional(),
          requiredLabels: z
            .record(z.string())
            .optional()
            .describe('Labels every chosen cluster must carry'),
          dependsOn: z
            .array(z.string())
            .optional()
            .describe(
              'Entity refs the new service will depend on; every chosen cluster must share a cluster set with where each runs',
            ),
        }),
      output: z =>
        z.object({
          clusters: z.array(z.string()).describe('The chosen clusters'),
          placement: z
            .record(z.unknown())
            .describe('A Karmada spec.placement reproducing the split'),
          split: z.array(z.object({ name: z.string(), replicas: z.number() })),
          score: z.number().describe('Total score, 0 to 100'),
          explanation: z
            .string()
            .describe('Why these clusters, and why others were excluded'),
        }),
    },
    async handler(ctx) {
      const requirements = withoutBlanks(ctx.input);
      const credentials = await ctx.getInitiatorCredentials();
      const { token } = await options.auth.getPluginRequestToken({
        onBehalfOf: credentials,
        targetPluginId: 'multi-cluster',
      });
      const advice = await client
        .call(routes.recommendPlacement, { body: requirements }, { token })
        .catch(error => {
          if (!(error instanceof ResponseError)) throw error;
          throw new Error(
            `placement advice failed: ${
              error.body?.error?.message ?? error.message
            }`,
          );
        });
      const best = advice.recommendations[0];
      const excluded = advice.excluded.map(
        e => `${e.cluster}: ${e.reasons.join('; ')}`,
      );
      if (!best) {
        throw new InputError(
          `no placement satisfies the requirements: ${[
            ...advice.rejected.map(r => r.reason),
            ...excluded,
          ].join(' | ')}`,
        );
      }
      const explanation = [
        `Recommended ${best.clusters.join(', ')} (${best.strategy}, score ${
          best.score.total
        }):`,
        ...best.explanation.map(e => `  ${e.cluster}: ${e.reasons.join('; ')}`),
        ...(excluded.length
          ? ['Excluded:', ...excluded.map(e => `  ${e}`)]
          : []),
      ].join('\n');
      ctx.logger.info(explanation);
      ctx.output('clusters', best.clusters);
      ctx.output('placement', best.placement as Record<string, unknown>);
      ctx.output('split', best.split);
      ctx.output('score', best.score.total);
      ctx.output('explanation', explanation);
    },
  });
}
