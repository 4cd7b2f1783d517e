/*
 * Routes of region loss: what-if plans, detection's view and decisions,
 * region failovers and their failbacks.
 */
import type { WhatIfPlan } from '../../dr/whatIf';
import type {
  DetectionClusterList,
  DetectionDecisionList,
  RegionFailover,
  RegionFailoverList,
  StartRegionFailoverResponse,
} from '../regionLoss';
import {
  detectionClusterListSchema,
  detectionDecisionListSchema,
  regionFailoverDryRunSchema,
  regionFailoverListSchema,
  regionFailoverSchema,
  regionFailoverStartedSchema,
  whatIfPlanSchema,
} from '../responses';
import {
  cancelFailoverRequestSchema,
  emptyRequestSchema,
  listDetectionDecisionsQuerySchema,
  listRegionFailoversQuerySchema,
  regionFailoverRefSchema,
  startFailbackRequestSchema,
  startRegionFailoverRequestSchema,
  whatIfRequestSchema,
} from '../schemas';
import { route } from './route';

const CHANGE_ERRORS = [400, 401, 403, 404, 409, 413] as const;

export const planWhatIf = route<WhatIfPlan>()({
  method: 'post',
  path: '/what-if',
  summary:
    'What if these clusters, regions or providers were lost: every affected service re-placed over the survivors',
  callers: 'user-or-service',
  body: whatIfRequestSchema,
  responses: {
    200: { description: 'The plan', schema: whatIfPlanSchema },
  },
  // The planner runs on the placement workers: when they are full, 429/503.
  errors: [400, 401, 403, 413, 422, 429, 503],
});

export const listDetectionClusters = route<DetectionClusterList>()({
  method: 'get',
  path: '/detection/clusters',
  summary: "Detection's verdict on every cluster, with its evidence",
  callers: 'user-or-service',
  query: emptyRequestSchema,
  responses: {
    200: {
      description: 'Every cluster',
      schema: detectionClusterListSchema,
    },
  },
  errors: [400, 401, 403],
});

export const listDetectionDecisions = route<DetectionDecisionList>()({
  method: 'get',
  path: '/detection/decisions',
  summary: "Detection's decisions, newest first, with their evidence",
  callers: 'user-or-service',
  query: listDetectionDecisionsQuerySchema,
  responses: {
    200: {
      description: 'Decisions the caller may read',
      schema: detectionDecisionListSchema,
    },
  },
  errors: [400, 401, 403],
});

export const startRegionFailover = route<StartRegionFailoverResponse>()({
  method: 'post',
  path: '/region-failovers',
  summary:
    'Fail every affected service over from lost clusters, regions or providers (or return the plan on a dry run)',
  callers: 'user',
  body: startRegionFailoverRequestSchema,
  responses: {
    200: {
      description: 'The plan (dry run)',
      schema: regionFailoverDryRunSchema,
    },
    202: {
      description: 'The region failover, started',
      schema: regionFailoverStartedSchema,
    },
  },
  errors: [...CHANGE_ERRORS, 422],
});

export const listRegionFailovers = route<RegionFailoverList>()({
  method: 'get',
  path: '/region-failovers',
  summary: 'Region failovers and failbacks, newest first',
  callers: 'user-or-service',
  query: listRegionFailoversQuerySchema,
  responses: {
    200: {
      description: 'Region failovers',
      schema: regionFailoverListSchema,
    },
  },
  errors: [400, 401, 403],
});

export const getRegionFailover = route<RegionFailover>()({
  method: 'get',
  path: '/region-failovers/:id',
  summary: 'A region failover and its children',
  callers: 'user-or-service',
  params: regionFailoverRefSchema,
  query: emptyRequestSchema,
  responses: {
    200: { description: 'The region failover', schema: regionFailoverSchema },
  },
  errors: [400, 401, 403, 404],
});

function control(action: 'pause' | 'resume' | 'cancel', summary: string) {
  return route<RegionFailover>()({
    method: 'post',
    path: `/region-failovers/:id/${action}`,
    summary,
    callers: 'user',
    params: regionFailoverRefSchema,
    body: cancelFailoverRequestSchema,
    responses: {
      200: {
        description: 'The region failover',
        schema: regionFailoverSchema,
      },
    },
    errors: [...CHANGE_ERRORS],
  });
}

export const pauseRegionFailover = control(
  'pause',
  'Admit no further services (running ones finish)',
);
export const resumeRegionFailover = control(
  'resume',
  'Admit services again after a pause',
);
export const cancelRegionFailover = control(
  'cancel',
  'Cancel the queued services and ask the running ones to stop',
);

export const startFailback = route<{ storm: RegionFailover }>()({
  method: 'post',
  path: '/failbacks',
  summary:
    'Move back what a region failover moved, once its clusters are healthy again',
  callers: 'user',
  body: startFailbackRequestSchema,
  responses: {
    202: {
      description: 'The failback, started',
      schema: regionFailoverStartedSchema,
    },
  },
  errors: [...CHANGE_ERRORS, 422],
});
