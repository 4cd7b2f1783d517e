/**
 * The zod schema of a PropagationPolicy `spec.placement`: the same rules as
 * Karmada's CRD and admission webhook, so user input can be rejected before
 * it ever reaches a cluster. Messages follow Karmada's where it has one.
 */
import { z } from 'zod';
import { labelValueError, qualifiedNameError } from './matching/labelSyntax';
import {
  selectorOperatorSchema,
  selectorValuesProblem,
} from './matching/selectorRequirement';
import type { KarmadaPlacement } from './placement';

const INT32_MAX = 2_147_483_647;

/** Reports a rule the schema's shape cannot express, at `path`. */
function customIssue(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  message: string,
): void {
  ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
}

function checkLabelKey(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  key: string,
): void {
  const problem = qualifiedNameError(key);
  if (problem) customIssue(ctx, path, `invalid label key "${key}": ${problem}`);
}

function checkLabelValue(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  value: string,
): void {
  const problem = labelValueError(value);
  if (problem) {
    customIssue(ctx, path, `invalid label value "${value}": ${problem}`);
  }
}

/**
 * An integer field of Karmada's API, bounded to int32. Karmada declares
 * weights and seconds as int64, but past 2^53 a JavaScript number is no
 * longer exact (1e308 is an "integer", and a sum of two is Infinity); no
 * real policy weighs clusters in billions or tolerates a taint for 68 years.
 */
function int32(field: string) {
  return z
    .number({ required_error: `${field} is required` })
    .int(`${field} must be an integer`)
    .min(-INT32_MAX - 1, `${field} must be at least ${-INT32_MAX - 1}`)
    .max(INT32_MAX, `${field} must be at most ${INT32_MAX}`);
}

const labelSelectorRequirementSchema = z
  .object({
    key: z.string({ required_error: 'key is required' }),
    operator: selectorOperatorSchema,
    values: z.array(z.string()).optional(),
  })
  .strict()
  .superRefine((req, ctx) => {
    checkLabelKey(ctx, ['key'], req.key);
    const valuesProblem = selectorValuesProblem(req.operator, req.values);
    if (valuesProblem) customIssue(ctx, ['values'], valuesProblem);
    req.values?.forEach((value, index) =>
      checkLabelValue(ctx, ['values', index], value),
    );
  });

const labelSelectorSchema = z
  .object({
    matchLabels: z.record(z.string()).optional(),
    matchExpressions: z.array(labelSelectorRequirementSchema).optional(),
  })
  .strict()
  .superRefine((selector, ctx) => {
    for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
      checkLabelKey(ctx, ['matchLabels', key], key);
      checkLabelValue(ctx, ['matchLabels', key], value);
    }
  });

const fieldSelectorRequirementSchema = z
  .object({
    // Messages follow Karmada's ValidatePolicyFieldSelector.
    key: z.enum(['provider', 'region', 'zone'], {
      errorMap: (_issue, ctx) => ({
        message: `unsupported key ${JSON.stringify(
          ctx.data,
        )}, must be provider, region, or zone`,
      }),
    }),
    operator: z.enum(['In', 'NotIn'], {
      errorMap: (_issue, ctx) => ({
        message: `unsupported operator ${JSON.stringify(
          ctx.data,
        )}, must be In or NotIn`,
      }),
    }),
    values: z.array(z.string()).optional(),
  })
  .strict();

const fieldSelectorSchema = z
  .object({
    matchExpressions: z.array(fieldSelectorRequirementSchema).optional(),
  })
  .strict();

const clusterAffinityShape = {
  labelSelector: labelSelectorSchema.optional(),
  fieldSelector: fieldSelectorSchema.optional(),
  clusterNames: z.array(z.string()).optional(),
  exclude: z.array(z.string()).optional(),
};

const clusterAffinitySchema = z.object(clusterAffinityShape).strict();

const affinityNameSchema = z
  .string({ required_error: 'affinityName is required' })
  .min(1, 'affinityName must not be empty')
  .max(32, 'affinityName must be at most 32 characters');

const overflowAffinityTermSchema = z
  .object({ ...clusterAffinityShape, affinityName: affinityNameSchema })
  .strict();

const clusterAffinityTermSchema = z
  .object({
    ...clusterAffinityShape,
    affinityName: affinityNameSchema,
    overflowAffinities: z.array(overflowAffinityTermSchema).optional(),
  })
  .strict();

/**
 * One `clusterTolerations` entry, as the webhook validates it.
 *
 * @public
 */
export const karmadaTolerationSchema = z
  .object({
    key: z.string().optional(),
    operator: z
      .enum(['Exists', 'Equal'], {
        errorMap: () => ({
          message: 'toleration operator must be Exists or Equal',
        }),
      })
      .optional(),
    value: z.string().optional(),
    effect: z
      .enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute', ''], {
        errorMap: () => ({
          message:
            'toleration effect must be NoSchedule, PreferNoSchedule, NoExecute or empty',
        }),
      })
      .optional(),
    tolerationSeconds: int32('tolerationSeconds').optional(),
  })
  .strict();

const groupCountSchema = (field: string) =>
  int32(field).min(0, `${field} lower than 0 is not allowed`);

const spreadConstraintSchema = z
  .object({
    spreadByField: z
      .enum(['cluster', 'region', 'zone', 'provider'], {
        errorMap: () => ({
          message:
            'spreadByField must be one of cluster, region, zone, provider',
        }),
      })
      .optional(),
    spreadByLabel: z.string().optional(),
    maxGroups: groupCountSchema('maxGroups').optional(),
    minGroups: groupCountSchema('minGroups').optional(),
  })
  .strict()
  .superRefine((constraint, ctx) => {
    if (constraint.spreadByField && constraint.spreadByLabel) {
      customIssue(
        ctx,
        ['spreadByLabel'],
        'spreadByLabel should not co-exist with spreadByField',
      );
    }
    const max = constraint.maxGroups ?? 0;
    const min = constraint.minGroups ?? 0;
    if (max > 0 && max < min) {
      customIssue(
        ctx,
        ['maxGroups'],
        'maxGroups lower than minGroups is not allowed',
      );
    }
  });

const staticClusterWeightSchema = z
  .object({
    targetCluster: clusterAffinitySchema,
    weight: int32('weight').min(1, 'weight must be at least 1'),
  })
  .strict();

const replicaSchedulingSchema = z
  .object({
    replicaSchedulingType: z
      .enum(['Duplicated', 'Divided'], {
        errorMap: () => ({
          message: 'replicaSchedulingType must be Duplicated or Divided',
        }),
      })
      .optional(),
    replicaDivisionPreference: z
      .enum(['Aggregated', 'Weighted'], {
        errorMap: () => ({
          message: 'replicaDivisionPreference must be Aggregated or Weighted',
        }),
      })
      .optional(),
    weightPreference: z
      .object({
        staticWeightList: z.array(staticClusterWeightSchema).optional(),
        dynamicWeight: z
          .enum(['AvailableReplicas'], {
            errorMap: () => ({
              message: 'dynamicWeight must be AvailableReplicas',
            }),
          })
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

const workloadAffinityTermSchema = z
  .object({
    groupByLabelKey: z.string({
      required_error: 'groupByLabelKey is required',
    }),
  })
  .strict();

/**
 * Validates a PropagationPolicy `spec.placement` like Karmada's webhook.
 *
 * @public
 */
export const karmadaPlacementSchema: z.ZodType<
  KarmadaPlacement,
  z.ZodTypeDef,
  unknown
> = z
  .object({
    clusterAffinity: clusterAffinitySchema.optional(),
    clusterAffinities: z.array(clusterAffinityTermSchema).optional(),
    clusterTolerations: z.array(karmadaTolerationSchema).optional(),
    spreadConstraints: z.array(spreadConstraintSchema).optional(),
    replicaScheduling: replicaSchedulingSchema.optional(),
    workloadAffinity: z
      .object({
        affinity: workloadAffinityTermSchema.optional(),
        antiAffinity: workloadAffinityTermSchema.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((placement, ctx) => {
    if (placement.clusterAffinity && placement.clusterAffinities) {
      customIssue(
        ctx,
        ['clusterAffinities'],
        'clusterAffinities cannot co-exist with clusterAffinity',
      );
    }
    const seenNames = new Set<string>();
    placement.clusterAffinities?.forEach((term, index) => {
      const nameProblem = qualifiedNameError(term.affinityName);
      if (nameProblem) {
        customIssue(
          ctx,
          ['clusterAffinities', index, 'affinityName'],
          `invalid affinityName "${term.affinityName}": ${nameProblem}`,
        );
      }
      if (seenNames.has(term.affinityName)) {
        customIssue(
          ctx,
          ['clusterAffinities', index, 'affinityName'],
          'each affinity term in a policy must have a unique name',
        );
      }
      seenNames.add(term.affinityName);
    });
    // Mirrors Karmada's ValidateSpreadConstraint; only explicit
    // spreadByField values count (a defaulted "cluster" does not).
    const seenFields = new Set<string>();
    placement.spreadConstraints?.forEach((constraint, index) => {
      const field = constraint.spreadByField;
      if (!field) return;
      if (seenFields.has(field)) {
        customIssue(
          ctx,
          ['spreadConstraints', index, 'spreadByField'],
          `multiple ${field} spread constraints are not allowed`,
        );
      }
      seenFields.add(field);
    });
    if (seenFields.size > 0 && !seenFields.has('cluster')) {
      customIssue(
        ctx,
        ['spreadConstraints'],
        'the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled',
      );
    }
  });
