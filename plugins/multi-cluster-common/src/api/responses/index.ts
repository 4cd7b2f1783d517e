import { z } from 'zod';
import { karmadaPlacementSchema } from '../../scheduling/placement';
import { fleetClusterSchema } from './clusters';
import { failoverPlanSchema, failoverRunSchema } from './failover';
import { placementRecommendationSchema } from './placement';
import { regionFailoverSchema, whatIfPlanSchema } from './regionLoss';

/**
 * One schema per success answer of the multi-cluster API, beside the
 * TypeScript types the callers use (`responses.test.ts` checks that each
 * schema's type and its TypeScript type are the same). The OpenAPI document
 * describes the answers with them, and the backend's tests parse real
 * answers with them. One file per concern: clusters and their lifecycle,
 * placement, connectivity and exposure, failover and DR posture.
 *
 * Objects are not strict: a field added to an answer is not a break for
 * callers, so it does not fail a parse either.
 */

export {
  clusterHistoryResponseSchema,
  clusterListResponseSchema,
  deleteClusterResponseSchema,
  fleetClusterSchema,
  scaleClusterResponseSchema,
  upgradeClusterResponseSchema,
} from './clusters';
export {
  clusterUpgradeSchema,
  upgradeClusterStartedSchema,
} from './clusterUpgrade';
export {
  addonCoverageReportSchema,
  entityExposureSchema,
  fleetConnectivityReportSchema,
} from './connectivity';
export {
  entityDrStatusSchema,
  failoverDryRunResponseSchema,
  failoverPlanSchema,
  failoverRunListSchema,
  failoverRunSchema,
  failoverStartedResponseSchema,
  rollbackFailoverResponseSchema,
} from './failover';
export { recoveryHistorySchema } from './recoveryHistory';
export {
  detectionClusterListSchema,
  detectionDecisionListSchema,
  regionFailoverDryRunSchema,
  regionFailoverListSchema,
  regionFailoverSchema,
  regionFailoverStartedSchema,
  whatIfPlanSchema,
} from './regionLoss';
export {
  entityPlacementAdviceSchema,
  entityPlacementSchema,
  placementAdviceSchema,
  placementOptionsSchema,
  placementRecommendationSchema,
  scheduleResultSchema,
  simulatePlacementResponseSchema,
} from './placement';

/** `GET /health`. @public */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * Parts of several answers, by the name the OpenAPI document describes them
 * under once (`#/components/schemas/<name>`).
 *
 * @public
 */
export const sharedResponseSchemas: Readonly<Record<string, z.ZodTypeAny>> = {
  FleetCluster: fleetClusterSchema,
  KarmadaPlacement: karmadaPlacementSchema,
  PlacementRecommendation: placementRecommendationSchema,
  FailoverPlan: failoverPlanSchema,
  FailoverRun: failoverRunSchema,
  WhatIfPlan: whatIfPlanSchema,
  RegionFailover: regionFailoverSchema,
};
