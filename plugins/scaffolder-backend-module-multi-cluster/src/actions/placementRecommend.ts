import type {
  AuthService,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import {
  AuthenticationError,
  ConflictError,
  InputError,
  NotAllowedError,
  NotFoundError,
  ResponseError,
} from '@backstage/errors';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  MultiClusterApiClient,
  multiClusterApiRoutes as routes,
  parseRequest,
  recommendPlacementRequestSchema,
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
 * The backend's refusal as the error Backstage answers with the same status:
 * a request the backend refuses (4xx) stays a 4xx for the Scaffolder's
 * caller, never a 500.
 */
function sameKindOfError(status: number, message: string): Error {
  switch (status) {
    case 401:
      return new AuthenticationError(message);
    case 403:
      return new NotAllowedError(message);
    case 404:
      return new NotFoundError(message);
    case 409:
      return new ConflictError(message);
    default:
      return status >= 400 && status < 500
        ? new InputError(message)
        : new Error(message);
  }
}

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
      // What the template form shows. The route's own schema is applied in
      // the handler: the Scaffolder checks this one as JSON Schema, and its
      // validator cannot follow the \$refs zod-to-json-schema writes for the
      // route schema's shared parts.
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
      const parsed = parseRequest(
        recommendPlacementRequestSchema,
        withoutBlanks(ctx.input),
      );
      if (!parsed.success) {
        throw new InputError(
          `Invalid placement requirements: ${parsed.message}`,
        );
      }
      const requirements = parsed.data;
      const credentials = await ctx.getInitiatorCredentials();
      const { token } = await options.auth.getPluginRequestToken({
        onBehalfOf: credentials,
        targetPluginId: 'multi-cluster',
      });
      const advice = await client
        .call(routes.recommendPlacement, { body: requirements }, { token })
        .catch(error => {
          if (!(error instanceof ResponseError)) throw error;
          throw sameKindOfError(
            error.response.status,
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
