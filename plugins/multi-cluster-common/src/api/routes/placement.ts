/*
 * Routes of placement: Karmada's answer for a placement, placement advice,
 * and where an entity runs.
 */
import type { PlacementAdvice } from '../../recommend/types';
import type { EntityPlacement } from '../placement';
import type {
  EntityPlacementAdvice,
  PlacementOptions,
} from '../placementAdvice';
import {
  entityPlacementAdviceSchema,
  entityPlacementSchema,
  placementOptionsSchema,
  placementAdviceSchema,
  simulatePlacementResponseSchema,
} from '../responses';
import type { SimulatePlacementResponse } from '../routeTypes';
import {
  emptyRequestSchema,
  entityPathSchema,
  entityPlacementAdviceRequestSchema,
  recommendPlacementRequestSchema,
  simulatePlacementRequestSchema,
} from '../schemas';
import { route, PLACEMENT_ERRORS } from './route';

export const simulatePlacement = route<SimulatePlacementResponse>()({
  method: 'post',
  path: '/placement/simulate',
  summary: "Karmada's scheduling answer for a placement",
  description:
    'On the posted clusters, or on the live clusters the caller may read. A scheduler error is a 422 with Karmada’s text.',
  callers: 'user-or-service',
  body: simulatePlacementRequestSchema,
  responses: {
    200: {
      description: 'Target clusters, replicas and explanation',
      schema: simulatePlacementResponseSchema,
    },
  },
  errors: PLACEMENT_ERRORS,
});

export const recommendPlacement = route<PlacementAdvice>()({
  method: 'post',
  path: '/placement/recommend',
  summary: "Placement advice for a workload's requirements",
  callers: 'user-or-service',
  body: recommendPlacementRequestSchema,
  responses: {
    200: {
      description: 'Ranked placements and excluded clusters',
      schema: placementAdviceSchema,
    },
  },
  errors: PLACEMENT_ERRORS,
});

export const getEntityPlacement = route<EntityPlacement>()({
  method: 'get',
  path: '/entities/:kind/:namespace/:name/placement',
  summary: "An entity's desired and actual placement",
  callers: 'user-or-service',
  params: entityPathSchema,
  query: emptyRequestSchema,
  responses: {
    200: {
      description: 'Karmada policies and where the workload runs',
      schema: entityPlacementSchema,
    },
  },
  errors: [400, 401, 403],
});

export const getEntityPlacementAdvice = route<EntityPlacementAdvice>()({
  method: 'post',
  path: '/entities/:kind/:namespace/:name/placement/advice',
  summary: 'Placement advice for a service, compared with where it runs',
  description:
    "For the requirements in the entity's annotations, or the posted ones; with the source of every input and the figures of the current placement.",
  callers: 'user-or-service',
  params: entityPathSchema,
  body: entityPlacementAdviceRequestSchema,
  responses: {
    200: {
      description: 'Ranked placements, exclusions, comparison and inputs',
      schema: entityPlacementAdviceSchema,
    },
  },
  errors: PLACEMENT_ERRORS,
});

export const getPlacementOptions = route<PlacementOptions>()({
  method: 'get',
  path: '/placement/options',
  summary: 'What a placement can name on the live fleet',
  description:
    'Regions, clusters, user regions, jurisdictions, attestations and GPU models of the clusters the caller may read.',
  callers: 'user-or-service',
  query: emptyRequestSchema,
  responses: {
    200: {
      description: 'Regions, clusters and the values they declare',
      schema: placementOptionsSchema,
    },
  },
  errors: [400, 401, 403],
});
