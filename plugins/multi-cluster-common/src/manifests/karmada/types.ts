/**
 * Inputs of the Karmada generators and their validation rules.
 */
import { z } from 'zod';
import { karmadaPlacementSchema } from '../../scheduling';
import {
  jsonPatchOperationSchema,
  jsonPatchPathSchema,
  jsonPatchValueProblem,
} from '../jsonPatch';
import {
  k8sLabelSelectorSchema,
  labelsSchema,
  rfc1123LabelSchema,
  rfc1123SubdomainSchema,
} from '../validation/schemas';

/** @public */
export const KARMADA_POLICY_API_VERSION = 'policy.karmada.io/v1alpha1';

/** Karmada's webhook caps member cluster names at 48 characters. */
export const MAX_KARMADA_CLUSTER_NAME_LENGTH = 48;

/**
 * A member cluster name.
 *
 * @public
 */
export const karmadaClusterNameSchema = rfc1123LabelSchema(
  'cluster name',
).refine(
  name => name.length <= MAX_KARMADA_CLUSTER_NAME_LENGTH,
  `cluster names are at most ${MAX_KARMADA_CLUSTER_NAME_LENGTH} characters in Karmada`,
);

/**
 * A PropagationPolicy/OverridePolicy `resourceSelectors` entry.
 *
 * @public
 */
export const resourceSelectorSchema = z
  .object({
    apiVersion: z
      .string({ required_error: 'apiVersion is required' })
      .regex(
        /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?v[0-9]+((alpha|beta)[0-9]+)?$/,
        'apiVersion must look like v1, apps/v1 or example.com/v1alpha1',
      ),
    kind: z
      .string({ required_error: 'kind is required' })
      .regex(
        /^[A-Z][A-Za-z0-9]{0,62}$/,
        'kind must be a CamelCase Kubernetes kind such as Deployment',
      ),
    name: rfc1123SubdomainSchema('resource name').optional(),
    namespace: rfc1123LabelSchema('resource namespace').optional(),
    labelSelector: k8sLabelSelectorSchema.optional(),
  })
  .strict();

/** @public */
export type KarmadaResourceSelector = z.infer<typeof resourceSelectorSchema>;

/**
 * `spec.failover` of a (Cluster)PropagationPolicy.
 *
 * @public
 */
export const karmadaFailoverSchema = z
  .object({
    application: z
      .object({
        /** Set to false to leave application failover out (handy for forms). */
        enabled: z.boolean().default(true),
        /** Seconds an application may stay unhealthy before failover (default 300). */
        tolerationSeconds: z
          .number()
          .int()
          .min(0, 'tolerationSeconds must be at least 0')
          .max(2147483647)
          .default(300),
        purgeMode: z
          .enum(['Directly', 'Gracefully', 'Never'], {
            errorMap: () => ({
              message: 'purgeMode must be Directly, Gracefully or Never',
            }),
          })
          .default('Gracefully'),
        /** Only with purgeMode Gracefully (default 600). */
        gracePeriodSeconds: z
          .number()
          .int()
          .min(1, 'gracePeriodSeconds must be greater than 0')
          .max(2147483647)
          .optional(),
        /** StatefulFailoverInjection rules (alpha). */
        statePreservation: z
          .object({
            rules: z
              .array(
                z
                  .object({
                    aliasLabelName: z.string().min(1),
                    jsonPath: z.string().min(1),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict()
          .optional(),
      })
      .strict()
      .superRefine((app, ctx) => {
        if (
          app.gracePeriodSeconds !== undefined &&
          app.purgeMode !== 'Gracefully'
        ) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['gracePeriodSeconds'],
            message: `gracePeriodSeconds only applies when purgeMode is Gracefully (got ${app.purgeMode})`,
          });
        }
      })
      .optional(),
    cluster: z
      .object({
        purgeMode: z
          .enum(['Directly', 'Gracefully'], {
            errorMap: () => ({
              message: 'cluster purgeMode must be Directly or Gracefully',
            }),
          })
          .default('Gracefully'),
      })
      .strict()
      .optional(),
  })
  .strict();

/** @public */
export type KarmadaFailoverInput = z.input<typeof karmadaFailoverSchema>;

const clusterListSchema = z
  .array(karmadaClusterNameSchema)
  .min(1, 'list at least one cluster');

const registrySchema = z
  .string()
  .regex(
    /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?(:[0-9]{1,5})?(\/[a-z0-9]([-a-z0-9._]*[a-z0-9])?)*$/,
    'registry must be a host[:port][/path] such as registry.eu.example.com or 123.dkr.ecr.eu-west-1.amazonaws.com',
  );

/** A plaintext overrider (JSON patch operation) for some clusters. */
export const plaintextOverrideSchema = z
  .object({
    clusters: clusterListSchema.optional(),
    clusterSelector: k8sLabelSelectorSchema.optional(),
    operator: jsonPatchOperationSchema('operator'),
    path: jsonPatchPathSchema,
    value: z.unknown().optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const valueProblem = jsonPatchValueProblem(
      'operator',
      rule.operator,
      rule.value,
    );
    if (valueProblem) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['value'],
        message: valueProblem,
      });
    }
    if (!rule.clusters && !rule.clusterSelector) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['clusters'],
        message: 'give clusters or clusterSelector',
      });
    }
  });

/**
 * Per-cluster overrides of a workload.
 *
 * @public
 */
export const karmadaOverridesSchema = z
  .object({
    /** Replicas per cluster: `{ "prod-eu-west-aws-1": 4 }`. */
    replicas: z
      .record(
        z
          .number()
          .int('replicas must be an integer')
          .min(0, 'replicas must be at least 0')
          .max(100000),
      )
      .optional()
      .describe('Replicas per cluster name'),
    /** Image registry per cluster: `{ "prod-eu-west-aws-1": "registry.eu.example.com" }`. */
    imageRegistry: z
      .record(registrySchema)
      .optional()
      .describe('Image registry per cluster name'),
    /** Arbitrary JSON-patch style overriders. */
    plaintext: z
      .array(plaintextOverrideSchema)
      .optional()
      .describe('JSON-patch style overriders'),
  })
  .strict()
  .superRefine((overrides, ctx) => {
    for (const field of ['replicas', 'imageRegistry'] as const) {
      for (const cluster of Object.keys(overrides[field] ?? {})) {
        const result = karmadaClusterNameSchema.safeParse(cluster);
        if (!result.success) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [field, cluster],
            message: result.error.issues[0].message,
          });
        }
      }
    }
  });

/** @public */
export type KarmadaOverridesInput = z.input<typeof karmadaOverridesSchema>;

/**
 * Active-passive: everything on primary, a cold standby scaled to zero.
 *
 * @public
 */
export const activePassiveSchema = z
  .object({
    primary: karmadaClusterNameSchema,
    standby: karmadaClusterNameSchema,
    replicas: z
      .number()
      .int('replicas must be an integer')
      .min(1, 'activePassive.replicas must be at least 1')
      .max(100000),
  })
  .strict()
  .refine(ap => ap.primary !== ap.standby, {
    message: 'primary and standby must be different clusters',
    path: ['standby'],
  });

/** @public */
export type ActivePassiveInput = z.input<typeof activePassiveSchema>;

/**
 * Input of {@link generateKarmadaPolicies}.
 *
 * @public
 */
export const karmadaPolicyInputSchema = z
  .object({
    /** Karmada labels propagated resources with the policy name, so it is an RFC 1123 label. */
    name: rfc1123LabelSchema('name').describe('Policy name (RFC 1123 label)'),
    namespace: rfc1123LabelSchema('namespace')
      .default('default')
      .describe('Namespace of namespaced policies (default: default)'),
    clusterScoped: z
      .boolean()
      .default(false)
      .describe('Emit ClusterPropagationPolicy / ClusterOverridePolicy'),
    resourceSelectors: z
      .array(resourceSelectorSchema)
      .min(1, 'resourceSelectors must list at least one resource')
      .describe('Resources the policies apply to'),
    placement: karmadaPlacementSchema
      .optional()
      .describe(
        'Karmada spec.placement, verbatim; required unless activePassive is given',
      ),
    priority: z.number().int().min(-2147483648).max(2147483647).optional(),
    preemption: z.enum(['Always', 'Never']).optional(),
    conflictResolution: z.enum(['Abort', 'Overwrite']).optional(),
    propagateDeps: z.boolean().optional(),
    failover: karmadaFailoverSchema
      .optional()
      .describe('spec.failover of the PropagationPolicy'),
    overrides: karmadaOverridesSchema
      .optional()
      .describe('Per-cluster overrides (an OverridePolicy <name>-overrides)'),
    activePassive: activePassiveSchema
      .optional()
      .describe(
        'Active-passive pair: replicas on primary, standby scaled to 0',
      ),
    labels: labelsSchema.optional().describe('Labels for the policies'),
    statefulParts: z
      .array(rfc1123LabelSchema('stateful part'))
      .max(20, 'at most 20 stateful parts')
      .optional()
      .describe(
        'Velero Schedule names of the stateful parts (flotilla.io/stateful-parts): statePreservation rules in application failover',
      ),
  })
  .strict()
  .superRefine((input, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
    if (!input.placement && !input.activePassive) {
      issue('placement is required (or give activePassive)', ['placement']);
    }
    if (input.placement && input.activePassive) {
      issue(
        'give either placement or activePassive, not both: activePassive derives the placement',
        ['activePassive'],
      );
    }
    if (!input.clusterScoped) {
      input.resourceSelectors.forEach((selector, index) => {
        if (selector.namespace && selector.namespace !== input.namespace) {
          issue(
            `a namespaced PropagationPolicy only selects resources in its own namespace "${input.namespace}"; use clusterScoped: true to select resources in "${selector.namespace}"`,
            ['resourceSelectors', index, 'namespace'],
          );
        }
      });
    }
    if (input.activePassive && input.overrides?.replicas) {
      for (const cluster of [
        input.activePassive.primary,
        input.activePassive.standby,
      ]) {
        if (cluster in input.overrides.replicas) {
          issue(`replicas of ${cluster} are set by activePassive`, [
            'overrides',
            'replicas',
            cluster,
          ]);
        }
      }
    }
    if (input.statefulParts?.length) {
      const app = input.failover?.application;
      if (!app || app.enabled === false) {
        issue(
          'statefulParts are preserved by application failover: give failover.application',
          ['statefulParts'],
        );
      } else if (app.statePreservation) {
        issue(
          'give statefulParts or failover.application.statePreservation, not both',
          ['statefulParts'],
        );
      }
    }
    if (input.failover?.application && input.propagateDeps === false) {
      issue(
        'application failover needs propagateDeps so that dependencies move with the application',
        ['propagateDeps'],
      );
    }
  });

/** @public */
export type KarmadaPolicyInput = z.input<typeof karmadaPolicyInputSchema>;
/** @public */
export type NormalizedKarmadaPolicyInput = z.output<
  typeof karmadaPolicyInputSchema
>;
