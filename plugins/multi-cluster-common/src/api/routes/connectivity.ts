/*
 * Routes of the fleet's connectivity: cluster sets and findings, add-on
 * coverage, and where a service's exports reach.
 */
import type {
  AddonCoverageReport,
  EntityExposure,
  FleetConnectivityReport,
} from '../connectivity';
import {
  addonCoverageReportSchema,
  entityExposureSchema,
  fleetConnectivityReportSchema,
} from '../responses';
import { emptyRequestSchema, entityPathSchema } from '../schemas';
import { route, READ_ERRORS } from './route';

export const getConnectivity = route<FleetConnectivityReport>()({
  method: 'get',
  path: '/connectivity',
  summary: 'Cluster sets, fabric findings and borrowed capacity',
  callers: 'user-or-service',
  query: emptyRequestSchema,
  responses: {
    200: {
      description: 'The connectivity report of readable clusters',
      schema: fleetConnectivityReportSchema,
    },
  },
  errors: [...READ_ERRORS, 429, 503],
});

export const getAddonCoverage = route<AddonCoverageReport>()({
  method: 'get',
  path: '/addons',
  summary: 'Fleet-wide add-ons and the clusters that carry them',
  callers: 'user-or-service',
  query: emptyRequestSchema,
  responses: {
    200: {
      description: 'Add-on coverage on readable clusters',
      schema: addonCoverageReportSchema,
    },
  },
  errors: READ_ERRORS,
});

export const getEntityExposure = route<EntityExposure>()({
  method: 'get',
  path: '/entities/:kind/:namespace/:name/exposure',
  summary: "Where a service's MCS exports are reachable",
  callers: 'user-or-service',
  params: entityPathSchema,
  query: emptyRequestSchema,
  responses: {
    200: {
      description: 'Exports and dependency reachability',
      schema: entityExposureSchema,
    },
  },
  errors: [400, 401, 403],
});
