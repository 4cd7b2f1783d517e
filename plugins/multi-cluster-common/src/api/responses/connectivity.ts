import { z } from 'zod';
import { fabricKindSchema, virtualNodeSchema } from './clusters';
import { resourceListSchema, strings } from './parts';

// Connectivity: GET /connectivity, GET /addons, GET .../exposure.

export const severitySchema = z.enum([
  'critical',
  'high',
  'medium',
  'low',
  'info',
]);

/** What every finding says: which, how severe, a title and the detail. */
export const findingSchema = z.object({
  id: z.string(),
  severity: severitySchema,
  title: z.string(),
  detail: z.string(),
});

/** `GET /connectivity`. @public */
export const fleetConnectivityReportSchema = z.object({
  clusterSets: z.array(
    z.object({
      name: z.string(),
      fabrics: z.array(fabricKindSchema),
      clusters: strings,
      globalnet: z.boolean(),
    }),
  ),
  isolated: strings,
  findings: z.array(
    findingSchema.extend({
      clusters: strings,
      clusterSet: z.string().optional(),
    }),
  ),
  borrowed: z.array(
    z.object({
      cluster: z.string(),
      own: resourceListSchema.optional(),
      virtualNodes: z.array(virtualNodeSchema),
      effective: resourceListSchema.optional(),
    }),
  ),
  fleetCapacity: resourceListSchema,
  errors: strings.optional(),
});

/** `GET /addons`. @public */
export const addonCoverageReportSchema = z.object({
  addons: z.array(
    z.object({
      name: z.string(),
      category: z.string().optional(),
      delivery: z.enum([
        'argocd-applicationset',
        'fleet-gitrepo',
        'karmada-clusterpropagationpolicy',
      ]),
      source: z.string(),
      clusters: z.array(
        z.object({
          cluster: z.string(),
          state: z.enum(['in-sync', 'drifted', 'missing', 'unknown']),
          revision: z.string().optional(),
          desiredRevision: z.string().optional(),
          message: z.string().optional(),
        }),
      ),
      error: z.string().optional(),
    }),
  ),
});

/** `GET /entities/:kind/:namespace/:name/exposure`. @public */
export const entityExposureSchema = z.object({
  entityRef: z.string(),
  exports: z.array(
    z.object({
      namespace: z.string(),
      name: z.string(),
      clusterSetHost: z.string(),
      exportedFrom: strings,
      reachableFrom: strings,
      problems: strings,
    }),
  ),
  dependencies: z.array(
    z.object({
      entityRef: z.string(),
      clusters: strings,
      unreachableFrom: strings,
    }),
  ),
  problems: strings.optional(),
});
