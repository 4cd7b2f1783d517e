import { InputError } from '@backstage/errors';
import {
  parsePlacementTarget,
  PlacementOptions,
  RecommendPlacementRequest,
  REQUEST_LIMITS,
  restrictToTarget,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';

/** The Scaffolder placement picker's value. */
export const placementTargetSchema = z
  .string()
  .max(REQUEST_LIMITS.nameLength + 'cluster:'.length)
  .describe(
    "Where the placement may go: 'auto' (the advice decides, the default), 'region:<name>' or 'cluster:<name>' (only that region's clusters, or only that cluster)",
  );

/**
 * The request restricted to the picker's target: every cluster outside it
 * is excluded, so the advice still checks the target's capacity, residency
 * and labels and says why it cannot take the workload. A target the fleet
 * lacks is the template user's mistake (400), named in the message.
 */
export async function restrictedRequest(
  value: unknown,
  request: RecommendPlacementRequest,
  fleetOptions: () => Promise<PlacementOptions>,
): Promise<RecommendPlacementRequest> {
  const target =
    typeof value === 'string' ? parsePlacementTarget(value) : undefined;
  if (!target) {
    throw new InputError(
      `Invalid placement target ${JSON.stringify(value).slice(
        0,
        80,
      )}: use auto, region:<name> or cluster:<name>`,
    );
  }
  if (target.kind === 'auto') return request;
  const restriction = restrictToTarget(target, await fleetOptions());
  if ('unknown' in restriction) {
    throw new InputError(`Invalid placement target: ${restriction.unknown}`);
  }
  const excludeClusters = [
    ...new Set([
      ...(request.excludeClusters ?? []),
      ...restriction.excludeClusters,
    ]),
  ];
  if (excludeClusters.length > REQUEST_LIMITS.names) {
    throw new InputError(
      `Invalid placement target: the fleet has more than ${REQUEST_LIMITS.names} clusters outside ${target.kind} '${target.name}'; use auto with requirements that narrow it instead`,
    );
  }
  return { ...request, excludeClusters };
}
