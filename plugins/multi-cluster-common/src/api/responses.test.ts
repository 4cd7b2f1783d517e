import { z } from 'zod';
import type { FailoverPlan } from '../dr/failoverPlan';
import type { PlacementAdvice } from '../recommend/types';
import type { ScheduleResult } from '../scheduling/types';
import type {
  AddonCoverageReport,
  EntityExposure,
  FleetConnectivityReport,
} from './connectivity';
import type { EntityDrStatus, FailoverRun } from './failover';
import type { RecoveryHistory } from './recoveryHistory';
import type { ClusterUpgrade } from './clusterUpgrade';
import type { ClusterListResult, FleetCluster } from './fleet';
import type { EntityPlacement } from './placement';
import type {
  EntityPlacementAdvice,
  PlacementOptions,
} from './placementAdvice';
import type { WhatIfPlan } from '../dr/whatIf';
import type {
  DetectionClusterList,
  DetectionDecisionList,
  RegionFailover,
  RegionFailoverList,
  StartRegionFailoverResponse,
} from './regionLoss';
import {
  detectionClusterListSchema,
  detectionDecisionListSchema,
  regionFailoverDryRunSchema,
  regionFailoverListSchema,
  regionFailoverSchema,
  regionFailoverStartedSchema,
  whatIfPlanSchema,
  addonCoverageReportSchema,
  clusterHistoryResponseSchema,
  clusterListResponseSchema,
  clusterUpgradeSchema,
  deleteClusterResponseSchema,
  entityDrStatusSchema,
  recoveryHistorySchema,
  entityExposureSchema,
  entityPlacementAdviceSchema,
  entityPlacementSchema,
  failoverDryRunResponseSchema,
  failoverPlanSchema,
  failoverRunListSchema,
  failoverRunSchema,
  failoverStartedResponseSchema,
  fleetClusterSchema,
  fleetConnectivityReportSchema,
  healthResponseSchema,
  placementAdviceSchema,
  placementOptionsSchema,
  rollbackFailoverResponseSchema,
  scaleClusterResponseSchema,
  scheduleResultSchema,
  simulatePlacementResponseSchema,
  sharedResponseSchemas,
  upgradeClusterStartedSchema,
} from './responses';
import {
  type AnyApiRoute,
  multiClusterApiRoutes as routes,
  type MultiClusterApiRouteName,
  type RollbackFailoverResponse,
  type SimulatePlacementResponse,
  type StartFailoverResponse,
} from './routes';

/** True when each of A and B is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The schema's output is the TypeScript type, and the other way round. */
type Agrees<TType, TSchema extends z.ZodTypeAny> = Same<
  TType,
  z.output<TSchema>
>;

/**
 * Compiled by `tsc`: a schema and its TypeScript type that drift apart (a
 * field added to one only, a field optional in one only, a wider enum)
 * turn an entry to `false`, which is a type error here.
 */
const schemasAgreeWithTypes: Record<string, true> = {
  health: true satisfies Agrees<{ status: 'ok' }, typeof healthResponseSchema>,
  listClusters: true satisfies Agrees<
    ClusterListResult,
    typeof clusterListResponseSchema
  >,
  getCluster: true satisfies Agrees<FleetCluster, typeof fleetClusterSchema>,
  getClusterUpgrade: true satisfies Agrees<
    ClusterUpgrade,
    typeof clusterUpgradeSchema
  >,
  schedule: true satisfies Agrees<ScheduleResult, typeof scheduleResultSchema>,
  simulatePlacement: true satisfies Agrees<
    SimulatePlacementResponse,
    typeof simulatePlacementResponseSchema
  >,
  recommendPlacement: true satisfies Agrees<
    PlacementAdvice,
    typeof placementAdviceSchema
  >,
  getEntityPlacementAdvice: true satisfies Agrees<
    EntityPlacementAdvice,
    typeof entityPlacementAdviceSchema
  >,
  getPlacementOptions: true satisfies Agrees<
    PlacementOptions,
    typeof placementOptionsSchema
  >,
  getConnectivity: true satisfies Agrees<
    FleetConnectivityReport,
    typeof fleetConnectivityReportSchema
  >,
  getAddonCoverage: true satisfies Agrees<
    AddonCoverageReport,
    typeof addonCoverageReportSchema
  >,
  getEntityExposure: true satisfies Agrees<
    EntityExposure,
    typeof entityExposureSchema
  >,
  getEntityPlacement: true satisfies Agrees<
    EntityPlacement,
    typeof entityPlacementSchema
  >,
  failoverPlan: true satisfies Agrees<FailoverPlan, typeof failoverPlanSchema>,
  startFailover: true satisfies Agrees<
    StartFailoverResponse,
    typeof failoverDryRunResponseSchema | typeof failoverStartedResponseSchema
  >,
  listFailovers: true satisfies Agrees<
    { items: FailoverRun[] },
    typeof failoverRunListSchema
  >,
  getFailover: true satisfies Agrees<FailoverRun, typeof failoverRunSchema>,
  rollbackFailover: true satisfies Agrees<
    RollbackFailoverResponse,
    typeof rollbackFailoverResponseSchema
  >,
  getEntityDr: true satisfies Agrees<
    EntityDrStatus,
    typeof entityDrStatusSchema
  >,
  getEntityRecoveryHistory: true satisfies Agrees<
    RecoveryHistory,
    typeof recoveryHistorySchema
  >,
  planWhatIf: true satisfies Agrees<WhatIfPlan, typeof whatIfPlanSchema>,
  listDetectionClusters: true satisfies Agrees<
    DetectionClusterList,
    typeof detectionClusterListSchema
  >,
  listDetectionDecisions: true satisfies Agrees<
    DetectionDecisionList,
    typeof detectionDecisionListSchema
  >,
  startRegionFailover: true satisfies Agrees<
    StartRegionFailoverResponse,
    typeof regionFailoverDryRunSchema | typeof regionFailoverStartedSchema
  >,
  getRegionFailover: true satisfies Agrees<
    RegionFailover,
    typeof regionFailoverSchema
  >,
  listRegionFailovers: true satisfies Agrees<
    RegionFailoverList,
    typeof regionFailoverListSchema
  >,
};

/**
 * Each route's schema per success status. Routes whose TypeScript answer is
 * `unknown` (lifecycle, history) have theirs checked in the backend, against
 * the backend's own types.
 */
const routeSchemas: Record<
  MultiClusterApiRouteName,
  Partial<Record<200 | 202, z.ZodTypeAny>>
> = {
  health: { 200: healthResponseSchema },
  listClusters: { 200: clusterListResponseSchema },
  getCluster: { 200: fleetClusterSchema },
  scaleCluster: { 200: scaleClusterResponseSchema },
  upgradeCluster: { 200: upgradeClusterStartedSchema },
  getClusterUpgrade: { 200: clusterUpgradeSchema },
  deleteCluster: { 202: deleteClusterResponseSchema },
  getClusterHistory: { 200: clusterHistoryResponseSchema },
  simulatePlacement: { 200: simulatePlacementResponseSchema },
  recommendPlacement: { 200: placementAdviceSchema },
  getPlacementOptions: { 200: placementOptionsSchema },
  getConnectivity: { 200: fleetConnectivityReportSchema },
  getAddonCoverage: { 200: addonCoverageReportSchema },
  getEntityExposure: { 200: entityExposureSchema },
  getEntityPlacement: { 200: entityPlacementSchema },
  getEntityPlacementAdvice: { 200: entityPlacementAdviceSchema },
  startFailover: {
    200: failoverDryRunResponseSchema,
    202: failoverStartedResponseSchema,
  },
  startDrill: {
    200: failoverDryRunResponseSchema,
    202: failoverStartedResponseSchema,
  },
  listFailovers: { 200: failoverRunListSchema },
  getFailover: { 200: failoverRunSchema },
  cancelFailover: { 200: failoverRunSchema },
  rollbackFailover: { 202: rollbackFailoverResponseSchema },
  getEntityDr: { 200: entityDrStatusSchema },
  getEntityRecoveryHistory: { 200: recoveryHistorySchema },
  planWhatIf: { 200: whatIfPlanSchema },
  listDetectionClusters: { 200: detectionClusterListSchema },
  listDetectionDecisions: { 200: detectionDecisionListSchema },
  startRegionFailover: {
    200: regionFailoverDryRunSchema,
    202: regionFailoverStartedSchema,
  },
  listRegionFailovers: { 200: regionFailoverListSchema },
  getRegionFailover: { 200: regionFailoverSchema },
  pauseRegionFailover: { 200: regionFailoverSchema },
  resumeRegionFailover: { 200: regionFailoverSchema },
  cancelRegionFailover: { 200: regionFailoverSchema },
  startFailback: { 202: regionFailoverStartedSchema },
};

describe('response schemas', () => {
  it('are the ones checked against the TypeScript types, route by route', () => {
    // The type check is the compilation of schemasAgreeWithTypes.
    expect(Object.values(schemasAgreeWithTypes).every(Boolean)).toBe(true);
    for (const [name, route] of Object.entries(routes) as [
      MultiClusterApiRouteName,
      AnyApiRoute,
    ][]) {
      const expected = routeSchemas[name];
      expect([name, Object.keys(route.responses)]).toEqual([
        name,
        Object.keys(expected),
      ]);
      for (const [status, schema] of Object.entries(expected)) {
        expect(route.responses[Number(status) as 200 | 202]?.schema).toBe(
          schema,
        );
      }
    }
  });

  it('describe every success status of every route', () => {
    for (const route of Object.values(routes) as AnyApiRoute[]) {
      const answers = Object.values(route.responses);
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) {
        expect(answer?.description).toEqual(expect.any(String));
        expect(answer?.schema).toBeInstanceOf(z.ZodType);
      }
    }
  });

  it('accept a fuller answer (objects are not strict) and refuse a wrong one', () => {
    const cluster = {
      name: 'prod-eu-1',
      source: 'config',
      sources: [{ type: 'config', id: 'config' }],
      labels: { environment: 'prod' },
      capacity: {},
      health: { status: 'healthy', via: 'readyz' },
      stale: false,
      refreshedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(
      fleetClusterSchema.safeParse({ ...cluster, addedLater: 1 }).success,
    ).toBe(true);
    expect(
      fleetClusterSchema.safeParse({
        ...cluster,
        health: { status: 'fine', via: 'readyz' },
      }).success,
    ).toBe(false);
  });

  it('name each shared part once', () => {
    const schemas = Object.values(sharedResponseSchemas);
    expect(new Set(schemas).size).toBe(schemas.length);
  });
});
