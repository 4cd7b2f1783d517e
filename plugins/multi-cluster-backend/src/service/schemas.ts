import { z } from 'zod';

/** Kubernetes object name (RFC 1123 subdomain). */
export const k8sName = z
  .string()
  .min(1)
  .max(253)
  .regex(
    /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/,
    'must be a lowercase RFC 1123 name',
  );

export const scaleBodySchema = z
  .object({
    machineDeployment: k8sName,
    replicas: z.number().int().min(0).max(1000),
  })
  .strict();

export const upgradeBodySchema = z
  .object({
    version: z
      .string()
      .regex(
        /^v?\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/,
        'must be a Kubernetes version like v1.31.2',
      ),
  })
  .strict();

export const deleteBodySchema = z
  .object({
    confirm: z.string().min(1, 'type the cluster name to confirm'),
  })
  .strict();

const listOf = z.union([z.string(), z.array(z.string())]).transform(v =>
  (Array.isArray(v) ? v : [v])
    .flatMap(s => s.split(','))
    .map(s => s.trim())
    .filter(Boolean),
);

export const listClustersQuerySchema = z.object({
  label: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) {
        return undefined;
      }
      const out: Record<string, string> = {};
      for (const item of Array.isArray(v) ? v : [v]) {
        const idx = item.indexOf('=');
        if (idx <= 0) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `expected key=value, got '${item}'`,
          });
          return z.NEVER;
        }
        out[item.slice(0, idx)] = item.slice(idx + 1);
      }
      return out;
    }),
  region: listOf.optional(),
  provider: listOf.optional(),
  environment: listOf.optional(),
  source: listOf.optional(),
  health: listOf
    .pipe(z.array(z.enum(['healthy', 'unhealthy', 'unknown'])))
    .optional(),
  conflicted: z
    .enum(['true', 'false'])
    .optional()
    .transform(v => (v === undefined ? undefined : v === 'true')),
  stale: z
    .enum(['true', 'false'])
    .optional()
    .transform(v => (v === undefined ? undefined : v === 'true')),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
