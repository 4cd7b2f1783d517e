/**
 * One strict schema per request of the multi-cluster API, shared by the
 * backend's routes and its actions: unknown fields are errors, every string,
 * list, map and number is bounded, and a rejection is a short message.
 */
export {
  COUNTED_ISSUES,
  formatRequestIssues,
  parseRequest,
  RequestObject,
  requestObject,
  SHOWN_ISSUES,
} from './request';
export type { RequestParseResult } from './request';
export { boundedArray, boundedRecord, withinJsonBounds } from './bounded';
export type { JsonBounds } from './bounded';
export {
  clusterNameSchema,
  entityRefSchema,
  labelKeySchema,
  labelMapSchema,
  labelValueSchema,
  REQUEST_LIMITS,
} from './names';
export {
  clusterHistoryQuerySchema,
  clusterRefSchema,
  deleteClusterRequestSchema,
  listClustersQuerySchema,
  listClustersRequestSchema,
  scaleClusterActionInputSchema,
  scaleClusterRequestSchema,
  upgradeClusterActionInputSchema,
  upgradeClusterRequestSchema,
} from './clusters';
export type { ListClustersRequest } from './clusters';
export {
  clusterSnapshotSchema,
  entityPlacementAdviceRequestSchema,
  recommendPlacementRequestSchema,
  simulatePlacementRequestSchema,
} from './placement';
export type {
  RecommendPlacementRequest,
  SimulatePlacementRequest,
} from './placement';
export {
  cancelFailoverRequestSchema,
  failoverRunRefSchema,
  listFailoversQuerySchema,
  recoveryHistoryQuerySchema,
  rollbackFailoverRequestSchema,
  startDrillRequestSchema,
  startFailoverRequestSchema,
} from './failover';
export type { StartFailoverRequestInput } from './failover';
export {
  listDetectionDecisionsQuerySchema,
  listRegionFailoversQuerySchema,
  regionFailoverRefSchema,
  startFailbackRequestSchema,
  startRegionFailoverRequestSchema,
  whatIfRequestSchema,
} from './regionLoss';
export type {
  StartFailbackRequestInput,
  StartRegionFailoverRequestInput,
  WhatIfRequestInput,
} from './regionLoss';
export {
  emptyRequestSchema,
  entityPathSchema,
  entityRefRequestSchema,
} from './entities';
