import { Config } from '@backstage/config';
import {
  labelKeyError,
  labelValueSyntaxError,
  parseKeyValueList,
  rfc1123LabelError,
  rfc1123SubdomainError,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { AddonConfig } from './types';

const CONFIG_KEY = 'multiCluster.addons';

function kubernetesName(kind: 'label' | 'subdomain') {
  const check = kind === 'label' ? rfc1123LabelError : rfc1123SubdomainError;
  return z.string().superRefine((value, ctx) => {
    const problem = check(value);
    if (problem)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });
}

const nonEmpty = z.string().trim().min(1, 'must not be empty');

/**
 * Label keys usually hold dots (`topology.kubernetes.io/region`), which
 * Backstage config keys cannot, so the `key=value,...` text form is
 * accepted too (as for the `flotilla.io/capacity` annotation).
 */
const matchLabels = z
  .union([
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    z.string(),
  ])
  .transform((value, ctx) => {
    let labels: Record<string, string>;
    if (typeof value === 'string') {
      try {
        labels = parseKeyValueList(value);
      } catch (error) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: (error as Error).message,
        });
        return z.NEVER;
      }
    } else {
      labels = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, String(v)]),
      );
    }
    for (const [key, v] of Object.entries(labels)) {
      const problem = labelKeyError(key) ?? labelValueSyntaxError(v);
      if (problem) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }
    }
    return labels;
  });

const delivery = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('argocd-applicationset'),
      cluster: nonEmpty,
      namespace: kubernetesName('label').default('argocd'),
      name: kubernetesName('subdomain'),
    })
    .strict(),
  z
    .object({
      type: z.literal('fleet-gitrepo'),
      cluster: nonEmpty,
      namespace: kubernetesName('label').default('fleet-default'),
      name: kubernetesName('subdomain'),
    })
    .strict(),
  z
    .object({
      type: z.literal('karmada-clusterpropagationpolicy'),
      controlPlane: nonEmpty,
      name: kubernetesName('subdomain'),
    })
    .strict(),
]);

const addon = z
  .object({
    name: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/,
        'must start with a letter or digit and hold only letters, digits, ".", "_" or "-"',
      ),
    category: nonEmpty.optional(),
    requiredOn: z
      .object({ matchLabels: matchLabels.optional() })
      .strict()
      .optional(),
    delivery,
  })
  .strict();

function issuePath(path: (string | number)[]): string {
  return path.map(p => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
}

/**
 * Reads `multiCluster.addons`: the fleet-wide add-ons whose coverage the
 * backend reports. Throws one error naming every offending config path;
 * nothing is partially accepted.
 */
export function readAddonsConfig(config: Config): AddonConfig[] {
  const raw = config.getOptional(CONFIG_KEY);
  if (raw === undefined) {
    return [];
  }
  const parsed = z.array(addon).safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      i => `${CONFIG_KEY}${issuePath(i.path)}: ${i.message}`,
    );
    throw new Error(`Invalid add-on configuration: ${problems.join('; ')}`);
  }
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const karmada = new Set(
    (config.getOptionalConfigArray('multiCluster.karmada') ?? []).map(c =>
      c.getString('name'),
    ),
  );
  const addons = parsed.data.map((a, index): AddonConfig => {
    const first = seen.get(a.name);
    if (first !== undefined) {
      problems.push(
        `${CONFIG_KEY}[${index}].name: '${a.name}' is already used by ${CONFIG_KEY}[${first}]`,
      );
    } else {
      seen.set(a.name, index);
    }
    // Karmada control planes only come from config, so a typo can be caught
    // here; Argo CD and Fleet clusters may be discovered later.
    if (
      a.delivery.type === 'karmada-clusterpropagationpolicy' &&
      !karmada.has(a.delivery.controlPlane)
    ) {
      problems.push(
        `${CONFIG_KEY}[${index}].delivery.controlPlane: no Karmada control plane named '${a.delivery.controlPlane}' in multiCluster.karmada`,
      );
    }
    return {
      name: a.name,
      category: a.category,
      requiredOn:
        a.requiredOn?.matchLabels &&
        Object.keys(a.requiredOn.matchLabels).length > 0
          ? { matchLabels: a.requiredOn.matchLabels }
          : undefined,
      delivery: a.delivery,
    };
  });
  if (problems.length > 0) {
    throw new Error(`Invalid add-on configuration: ${problems.join('; ')}`);
  }
  return addons;
}
