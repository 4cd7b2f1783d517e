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
  PlacementAdvice,
  RecommendPlacementRequest,
  recommendPlacementRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './placementRecommend.examples';
import { placementTargetSchema, restrictedRequest } from './placementTarget';
import { withoutBlanks } from './shared/blanks';
import { withPublishedInputSchema } from './shared/publishedInputSchema';
import { scaffolderSchema } from './shared/scaffolderSchema';

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
 * The requirements a template may give: the route's own fields (the ones a
 * form asks for), so the route's schema checks them in the handler, and the
 * placement picker's value.
 */
const templateRequirementsSchema = recommendPlacementRequestSchema
  .pick({
    replicas: true,
    resourceRequest: true,
    allowedJurisdictions: true,
    userRegions: true,
    minRegions: true,
    minZones: true,
    maxCostPerHour: true,
    requiredCompliance: true,
    requiredLabels: true,
    dependsOn: true,
  })
  .extend({ target: placementTargetSchema.optional() });

/** The best recommendation, or an InputError saying why there is none. */
function bestOf(advice: PlacementAdvice) {
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
    ...(excluded.length ? ['Excluded:', ...excluded.map(e => `  ${e}`)] : []),
  ].join('\n');
  return { best, explanation };
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
  const refused = (error: unknown) => {
    if (!(error instanceof ResponseError)) throw error;
    throw sameKindOfError(
      error.response.status,
      `placement advice failed: ${error.body?.error?.message ?? error.message}`,
    );
  };
  const askBackend = (body: RecommendPlacementRequest, token: string) =>
    client.call(routes.recommendPlacement, { body }, { token }).catch(refused);
  const fleetOptions = (token: string) =>
    client
      .call(routes.getPlacementOptions, { query: {} }, { token })
      .catch(refused);
  const action = createTemplateAction({
    id: PLACEMENT_RECOMMEND_ACTION_ID,
    description:
      "Recommends where a workload should run on the live fleet (anywhere, or within the picker's region or cluster) and outputs a ready Karmada placement for multicluster:karmada:policy.",
    examples,
    // Read-only: it only asks the backend, so it runs in dry runs too.
    supportsDryRun: true,
    schema: {
      input: zImpl => scaffolderSchema(zImpl, templateRequirementsSchema),
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
      const { target = 'auto', ...requirements } = withoutBlanks(
        ctx.input,
      ) as Record<string, unknown>;
      const parsed = parseRequest(
        recommendPlacementRequestSchema,
        requirements,
      );
      if (!parsed.success) {
        throw new InputError(
          `Invalid placement requirements: ${parsed.message}`,
        );
      }
      const credentials = await ctx.getInitiatorCredentials();
      const { token } = await options.auth.getPluginRequestToken({
        onBehalfOf: credentials,
        targetPluginId: 'multi-cluster',
      });
      const request = await restrictedRequest(target, parsed.data, () =>
        fleetOptions(token),
      );
      const { best, explanation } = bestOf(await askBackend(request, token));
      ctx.logger.info(explanation);
      ctx.output('clusters', best.clusters);
      ctx.output('placement', best.placement as Record<string, unknown>);
      ctx.output('split', best.split);
      ctx.output('score', best.score.total);
      ctx.output('explanation', explanation);
    },
  });
  return withPublishedInputSchema(action);
}
