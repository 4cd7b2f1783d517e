/*
 * Routes of failover: runs and drills, their cancellation and rollback, and
 * an entity's DR posture.
 */
import type { EntityDrStatus, FailoverRun } from '../failover';
import type { RecoveryHistory } from '../recoveryHistory';
import {
  entityDrStatusSchema,
  failoverDryRunResponseSchema,
  failoverRunListSchema,
  failoverRunSchema,
  failoverStartedResponseSchema,
  recoveryHistorySchema,
  rollbackFailoverResponseSchema,
} from '../responses';
import type {
  RollbackFailoverResponse,
  StartFailoverResponse,
} from '../routeTypes';
import {
  cancelFailoverRequestSchema,
  emptyRequestSchema,
  entityPathSchema,
  failoverRunRefSchema,
  listFailoversQuerySchema,
  recoveryHistoryQuerySchema,
  rollbackFailoverRequestSchema,
  startDrillRequestSchema,
  startFailoverRequestSchema,
} from '../schemas';
import {
  route,
  READ_ERRORS,
  CLUSTER_READ_ERRORS,
  START_FAILOVER_ERRORS,
} from './route';

export const startFailover = route<StartFailoverResponse>()({
  method: 'post',
  path: '/failovers',
  summary: 'Start a failover (or return its plan on a dry run)',
  callers: 'user',
  body: startFailoverRequestSchema,
  responses: {
    200: {
      description: 'The plan (dry run)',
      schema: failoverDryRunResponseSchema,
    },
    202: {
      description: 'The run, started',
      schema: failoverStartedResponseSchema,
    },
  },
  errors: START_FAILOVER_ERRORS,
});

export const startDrill = route<StartFailoverResponse>()({
  method: 'post',
  path: '/drills',
  summary: 'Start a DR drill (a forced failover recorded as a drill)',
  callers: 'user',
  body: startDrillRequestSchema,
  responses: {
    200: {
      description: 'The plan (dry run)',
      schema: failoverDryRunResponseSchema,
    },
    202: {
      description: 'The drill, started',
      schema: failoverStartedResponseSchema,
    },
  },
  errors: START_FAILOVER_ERRORS,
});

export const listFailovers = route<{ items: FailoverRun[] }>()({
  method: 'get',
  path: '/failovers',
  summary: 'Failover runs, newest first',
  callers: 'user-or-service',
  query: listFailoversQuerySchema,
  responses: {
    200: {
      description: 'Runs the caller may read',
      schema: failoverRunListSchema,
    },
  },
  errors: READ_ERRORS,
});

export const getFailover = route<FailoverRun>()({
  method: 'get',
  path: '/failovers/:id',
  summary: 'A failover run and its steps',
  callers: 'user-or-service',
  params: failoverRunRefSchema,
  query: emptyRequestSchema,
  responses: {
    200: { description: 'The run', schema: failoverRunSchema },
  },
  errors: CLUSTER_READ_ERRORS,
});

export const cancelFailover = route<FailoverRun>()({
  method: 'post',
  path: '/failovers/:id/cancel',
  summary: 'Cancel a pending or running failover',
  callers: 'user',
  params: failoverRunRefSchema,
  body: cancelFailoverRequestSchema,
  responses: {
    200: { description: 'The run, cancelled', schema: failoverRunSchema },
  },
  errors: [400, 401, 403, 404, 409, 413],
});

export const rollbackFailover = route<RollbackFailoverResponse>()({
  method: 'post',
  path: '/failovers/:id/rollback',
  summary: 'Roll a finished failover back',
  callers: 'user',
  params: failoverRunRefSchema,
  body: rollbackFailoverRequestSchema,
  responses: {
    202: {
      description: 'The rollback run, started',
      schema: rollbackFailoverResponseSchema,
    },
  },
  errors: [400, 401, 403, 404, 409, 413, 422],
});

export const getEntityDr = route<EntityDrStatus>()({
  method: 'get',
  path: '/entities/:kind/:namespace/:name/dr',
  summary: "An entity's DR posture, runs and drills",
  callers: 'user-or-service',
  params: entityPathSchema,
  query: emptyRequestSchema,
  responses: {
    200: { description: 'The DR posture', schema: entityDrStatusSchema },
  },
  errors: READ_ERRORS,
});

export const getEntityRecoveryHistory = route<RecoveryHistory>()({
  method: 'get',
  path: '/entities/:kind/:namespace/:name/dr/history',
  summary:
    "A service's measured RTO and RPO per finished run and drill, newest first",
  callers: 'user-or-service',
  params: entityPathSchema,
  query: recoveryHistoryQuerySchema,
  responses: {
    200: {
      description: 'The runs, with the declared targets',
      schema: recoveryHistorySchema,
    },
  },
  errors: READ_ERRORS,
});
