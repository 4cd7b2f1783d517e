/**
 * zod building blocks shared by the generators' input schemas.
 */
import { z } from 'zod';
import { cidrsOverlap, parseCidr, ParsedCidr } from './cidr';
import { kubernetesVersionError } from './kubernetesVersion';
import { labelKeyError, labelValueSyntaxError } from './labels';
import { rfc1123LabelError, rfc1123SubdomainError } from './names';
import {
  selectorOperatorSchema,
  selectorValuesProblem,
} from '../../scheduling/matching/selectorRequirement';

function customIssue(
  ctx: z.RefinementCtx,
  message: string,
  path?: (string | number)[],
) {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
}

const requiredString = (what: string) =>
  z.string({
    required_error: `${what} is required`,
    invalid_type_error: `${what} must be a string`,
  });

/**
 * An RFC 1123 label: namespaces, cluster names, pool names.
 *
 * @public
 */
export function rfc1123LabelSchema(what = 'name') {
  return requiredString(what).superRefine((value, ctx) => {
    const problem = rfc1123LabelError(value);
    if (problem) customIssue(ctx, `${what} ${problem}`);
  });
}

/**
 * An RFC 1123 subdomain: most object names.
 *
 * @public
 */
export function rfc1123SubdomainSchema(what = 'name') {
  return requiredString(what).superRefine((value, ctx) => {
    const problem = rfc1123SubdomainError(value);
    if (problem) customIssue(ctx, `${what} ${problem}`);
  });
}

/**
 * A Kubernetes version such as `v1.31.2`.
 *
 * @public
 */
export const kubernetesVersionSchema = requiredString(
  'kubernetesVersion',
).superRefine((value, ctx) => {
  const problem = kubernetesVersionError(value);
  if (problem) customIssue(ctx, problem);
});

/**
 * A map of Kubernetes labels with valid keys and values.
 *
 * @public
 */
export const labelsSchema = z
  .record(z.string({ invalid_type_error: 'label values must be strings' }))
  .superRefine((labels, ctx) => {
    for (const [key, value] of Object.entries(labels)) {
      const problem = labelKeyError(key) ?? labelValueSyntaxError(value);
      if (problem) customIssue(ctx, problem, [key]);
    }
  });

/**
 * A map of annotations: valid keys, any string values.
 *
 * @public
 */
export const annotationsSchema = z
  .record(z.string({ invalid_type_error: 'annotation values must be strings' }))
  .superRefine((annotations, ctx) => {
    for (const key of Object.keys(annotations)) {
      const problem = labelKeyError(key);
      if (problem)
        customIssue(ctx, problem.replace('label key', 'annotation key'), [key]);
    }
  });

const labelSelectorRequirementSchema = z
  .object({
    key: requiredString('key').superRefine((key, ctx) => {
      const problem = labelKeyError(key);
      if (problem) customIssue(ctx, problem);
    }),
    operator: selectorOperatorSchema,
    values: z.array(z.string()).optional(),
  })
  .strict()
  .superRefine((req, ctx) => {
    const valuesProblem = selectorValuesProblem(req.operator, req.values);
    if (valuesProblem) customIssue(ctx, valuesProblem, ['values']);
    req.values?.forEach((value, index) => {
      const problem = labelValueSyntaxError(value);
      if (problem) customIssue(ctx, problem, ['values', index]);
    });
  });

/**
 * A Kubernetes `metav1.LabelSelector`.
 *
 * @public
 */
export const k8sLabelSelectorSchema = z
  .object({
    matchLabels: labelsSchema.optional(),
    matchExpressions: z.array(labelSelectorRequirementSchema).optional(),
  })
  .strict();

/**
 * The TypeScript type of {@link k8sLabelSelectorSchema}.
 *
 * @public
 */
export type K8sLabelSelector = z.infer<typeof k8sLabelSelectorSchema>;

/**
 * A list of CIDR blocks for one network (pods or services): each valid with
 * no host bits set, at most one per IP family (dual-stack), no overlaps.
 *
 * @public
 */
export function cidrBlocksSchema(what: string) {
  return z
    .array(requiredString(`${what} CIDR`), {
      invalid_type_error: `${what} must be a list of CIDR blocks`,
    })
    .min(1, `${what} must list at least one CIDR block`)
    .max(
      2,
      `${what} may list at most two CIDR blocks (one IPv4 and one IPv6 for dual-stack)`,
    )
    .superRefine((blocks, ctx) => {
      const parsed: ParsedCidr[] = [];
      blocks.forEach((block, index) => {
        const result = parseCidr(block);
        if ('error' in result) {
          customIssue(ctx, result.error, [index]);
        } else {
          parsed.push(result.cidr);
        }
      });
      if (parsed.length === 2 && parsed[0].family === parsed[1].family) {
        customIssue(
          ctx,
          `${what} lists two IPv${parsed[0].family} blocks; dual-stack needs one IPv4 and one IPv6 block`,
          [1],
        );
      }
    });
}

/**
 * Reports overlaps between the pod and service networks (and inside each),
 * as issues on `ctx` at the service network's path.
 *
 * @public
 */
export function checkNetworksDoNotOverlap(
  ctx: z.RefinementCtx,
  pods: { path: (string | number)[]; blocks: string[] },
  services: { path: (string | number)[]; blocks: string[] },
): void {
  const parse = (blocks: string[]) =>
    blocks
      .map(block => parseCidr(block))
      .flatMap(result => ('cidr' in result ? [result.cidr] : []));
  const podBlocks = parse(pods.blocks);
  const serviceBlocks = parse(services.blocks);
  for (const [si, s] of serviceBlocks.entries()) {
    for (const p of podBlocks) {
      if (cidrsOverlap(s, p)) {
        customIssue(
          ctx,
          `service CIDR ${s.text} overlaps pod CIDR ${p.text}; the pod and service networks must not overlap`,
          [...services.path, si],
        );
      }
    }
  }
}

/**
 * A port number.
 *
 * @public
 */
export const portSchema = z
  .number({ invalid_type_error: 'port must be a number' })
  .int('port must be an integer')
  .min(1, 'port must be between 1 and 65535')
  .max(65535, 'port must be between 1 and 65535');
