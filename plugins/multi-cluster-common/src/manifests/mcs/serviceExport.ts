/**
 * Multi-Cluster Services API (sigs.k8s.io/mcs-api): ServiceExport in the
 * clusters that run a Service, ServiceImport where it is consumed, and
 * optionally the Karmada PropagationPolicies that place both.
 */
import { z } from 'zod';
import { buildPropagationPolicy } from '../karmada/policies';
import { karmadaClusterNameSchema } from '../karmada/types';
import { KubernetesManifest } from '../types';
import { parseManifestInput } from '../validation/errors';
import {
  annotationsSchema,
  labelsSchema,
  portSchema,
  rfc1123LabelSchema,
} from '../validation/schemas';

/** @public */
export const MCS_GROUP = 'multicluster.x-k8s.io';

/** Service names are RFC 1035 labels (they become DNS names). */
const serviceNameSchema = rfc1123LabelSchema('name').refine(
  name => /^[a-z]/.test(name),
  'name must start with a letter: Service names are RFC 1035 labels',
);

/**
 * Input of {@link generateMcsServiceExport}.
 *
 * @public
 */
export const mcsServiceInputSchema = z
  .object({
    name: serviceNameSchema.describe('Name of the Service to export'),
    namespace: rfc1123LabelSchema('namespace')
      .default('default')
      .describe('Namespace (default: default)'),
    /** v1beta1 is the storage version; Karmada bundles v1alpha1. Both are served. */
    apiVersion: z
      .enum(['v1beta1', 'v1alpha1'])
      .default('v1beta1')
      .describe('MCS API version (default v1beta1)'),
    export: z
      .boolean()
      .default(true)
      .describe('Emit a ServiceExport (default true)'),
    exportedLabels: labelsSchema.optional(),
    exportedAnnotations: annotationsSchema.optional(),
    import: z
      .object({
        type: z.enum(['ClusterSetIP', 'Headless']).default('ClusterSetIP'),
        ports: z
          .array(
            z
              .object({
                name: rfc1123LabelSchema('port name').optional(),
                port: portSchema,
                protocol: z.enum(['TCP', 'UDP', 'SCTP']).default('TCP'),
                appProtocol: z
                  .string()
                  .regex(
                    /^([a-z0-9.-]+\/)?[A-Za-z0-9][-A-Za-z0-9_.]*$/,
                    'appProtocol must be an IANA name or a prefixed name such as kubernetes.io/h2c',
                  )
                  .optional(),
              })
              .strict(),
          )
          .min(1, 'import.ports must list at least one port'),
        sessionAffinity: z.enum(['None', 'ClientIP']).optional(),
      })
      .strict()
      .superRefine((imp, ctx) => {
        if (imp.ports.length > 1 && imp.ports.some(p => !p.name)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['ports'],
            message: 'every port needs a name when there are several',
          });
        }
      })
      .optional()
      .describe('Emit a ServiceImport with these ports'),
    /** With Karmada: where to propagate the ServiceExport and the ServiceImport. */
    karmada: z
      .object({
        exportClusters: z
          .array(karmadaClusterNameSchema)
          .min(1, 'karmada.exportClusters must list at least one cluster'),
        importClusters: z
          .array(karmadaClusterNameSchema)
          .min(1, 'karmada.importClusters must list at least one cluster'),
      })
      .strict()
      .optional()
      .describe(
        'Karmada member clusters to propagate the ServiceExport / ServiceImport to',
      ),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!input.export && !input.import) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['export'],
        message: 'nothing to generate: set export or import',
      });
    }
    if (input.karmada && input.name.length > 56) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['name'],
        message:
          'with karmada the name may have at most 56 characters (the policies are named <name>-export / <name>-import)',
      });
    }
    if (input.karmada && (!input.export || !input.import)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['karmada'],
        message: 'karmada propagation needs both export and import',
      });
    }
  });

/** @public */
export type McsServiceInput = z.input<typeof mcsServiceInputSchema>;

/**
 * Generates a ServiceExport and/or ServiceImport for a Service, and with
 * `karmada` the PropagationPolicies `<name>-export` and `<name>-import`.
 *
 * @throws ManifestInputError when the input is invalid.
 *
 * @public
 */
export function generateMcsServiceExport(
  input: McsServiceInput,
): KubernetesManifest[] {
  const spec = parseManifestInput(
    mcsServiceInputSchema,
    input,
    'MCS service input',
  );
  const apiVersion = `${MCS_GROUP}/${spec.apiVersion}`;
  const manifests: KubernetesManifest[] = [];
  if (spec.export) {
    const exportSpec: Record<string, unknown> = {};
    if (spec.exportedLabels)
      exportSpec.exportedLabels = { ...spec.exportedLabels };
    if (spec.exportedAnnotations)
      exportSpec.exportedAnnotations = { ...spec.exportedAnnotations };
    manifests.push({
      apiVersion,
      kind: 'ServiceExport',
      metadata: { name: spec.name, namespace: spec.namespace },
      ...(Object.keys(exportSpec).length > 0 ? { spec: exportSpec } : {}),
    });
  }
  if (spec.import) {
    manifests.push({
      apiVersion,
      kind: 'ServiceImport',
      metadata: { name: spec.name, namespace: spec.namespace },
      spec: {
        type: spec.import.type,
        ports: spec.import.ports.map(p => ({ ...p })),
        ...(spec.import.sessionAffinity
          ? { sessionAffinity: spec.import.sessionAffinity }
          : {}),
      },
    });
  }
  if (spec.karmada) {
    const policy = (suffix: string, kind: string, clusters: string[]) =>
      buildPropagationPolicy({
        name: `${spec.name}-${suffix}`,
        namespace: spec.namespace,
        clusterScoped: false,
        resourceSelectors: [{ apiVersion, kind, name: spec.name }],
        placement: { clusterAffinity: { clusterNames: [...clusters] } },
      });
    manifests.push(
      policy('export', 'ServiceExport', spec.karmada.exportClusters),
      policy('import', 'ServiceImport', spec.karmada.importClusters),
    );
  }
  return manifests;
}
