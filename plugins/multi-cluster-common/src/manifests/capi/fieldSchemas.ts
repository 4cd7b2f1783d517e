/**
 * Field schemas of the Cluster API generator's input (machine types,
 * regions, segmentation values, audit and ClusterClass topology), composed
 * by `capiClusterInputSchema` in ./types.
 */
import { z } from 'zod';
import {
  rfc1123LabelSchema,
  rfc1123SubdomainSchema,
} from '../validation/schemas';
import { labelValueSyntaxError } from '../validation/labels';

export const machineTypeSchema = z
  .string({ invalid_type_error: 'machineType must be a string' })
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    'machineType must be an instance type / VM size such as m5.large, n2-standard-4 or Standard_D4s_v3',
  );

/** Treats '' (what a Backstage form sends for an unset field) as absent. */
export const blankAsAbsent = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    value => (value === '' || value === null ? undefined : value),
    schema.optional(),
  );

export const regionSchema = z
  .string({ invalid_type_error: 'region must be a string' })
  .regex(
    /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
    'region must be a cloud region such as eu-west-1, europe-west4 or westeurope (lowercase letters, digits and -)',
  );

const absolutePathSchema = (what: string) =>
  z
    .string({ invalid_type_error: `${what} must be a string` })
    .max(512, `${what} must be at most 512 characters`)
    .regex(
      /^\/[A-Za-z0-9._\-/]*$/,
      `${what} must be an absolute path of letters, digits, '.', '_', '-' and '/'`,
    )
    .refine(p => !p.split('/').includes('..'), `${what} must not contain '..'`);

export const segmentValueSchema = (what: string) =>
  z
    .string({ invalid_type_error: `${what} must be a string` })
    .superRefine((value, ctx) => {
      const problem = labelValueSyntaxError(value);
      if (problem || value === '') {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `${what}: ${problem ?? 'must not be empty'}`,
        });
      }
    });

export const auditSchema = z
  .object({
    enabled: z.boolean().default(true),
    policyFile: absolutePathSchema('audit.policyFile').default(
      '/etc/kubernetes/audit-policy.yaml',
    ),
    logPath: absolutePathSchema('audit.logPath').default(
      '/var/log/kubernetes/audit/audit.log',
    ),
    maxAge: z.number().int().min(1).max(3650).default(30),
    maxBackup: z.number().int().min(0).max(1000).default(10),
    maxSize: z.number().int().min(1).max(10240).default(100),
    /** An `audit.k8s.io/v1` Policy object; Flotilla's default when absent. */
    policy: z
      .object({
        apiVersion: z.literal('audit.k8s.io/v1').optional(),
        kind: z.literal('Policy').optional(),
        rules: z
          .array(z.record(z.unknown()))
          .min(1, 'audit.policy.rules must not be empty'),
      })
      .passthrough()
      .optional(),
  })
  .strict();

const classRefSchema = z.union([
  rfc1123SubdomainSchema('topology.classRef'),
  z
    .object({
      name: rfc1123SubdomainSchema('topology.classRef.name'),
      namespace: rfc1123LabelSchema('topology.classRef.namespace').optional(),
    })
    .strict(),
]);

export const topologySchema = z
  .object({
    classRef: classRefSchema,
    /** Default MachineDeployment class for pools without `class`. */
    workerClass: z.string().min(1).max(256).default('default-worker'),
    /** ClusterClass variables (name/value). */
    variables: z
      .array(
        z
          .object({ name: z.string().min(1).max(256), value: z.unknown() })
          .strict(),
      )
      .optional(),
    /**
     * Name of a ClusterClass variable that takes the machine type; when set,
     * `controlPlane.machineType` and each pool's `machineType` become
     * variable overrides.
     */
    machineTypeVariable: z.string().min(1).max(256).optional(),
  })
  .strict();
