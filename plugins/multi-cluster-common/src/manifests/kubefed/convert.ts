/**
 * Kubefed migration: reads a kubefed `types.kubefed.io/v1beta1` Federated*
 * object (FederatedDeployment and friends) and emits the plain resource plus
 * the Karmada PropagationPolicy and OverridePolicy that reproduce its
 * placement and per-cluster overrides.
 *
 * Kubefed semantics kept:
 * - `placement.clusters` wins over `placement.clusterSelector`;
 *   an empty `clusterSelector` ({}) selects every cluster;
 * - every placed cluster gets the whole template (Karmada `Duplicated`);
 * - `overrides[].clusterOverrides[]` are JSON-patch operations with `op`
 *   add | remove | replace (default replace) on `path`, which Karmada's
 *   plaintext overrider applies the same way.
 */
import { z } from 'zod';
import { karmadaPlacementSchema, KarmadaPlacement } from '../../scheduling';
import {
  buildOverridePolicy,
  buildPropagationPolicy,
  KarmadaOverrideRule,
} from '../karmada/policies';
import { karmadaClusterNameSchema } from '../karmada/types';
import { KubernetesManifest } from '../types';
import {
  ManifestInputError,
  parseManifestInput,
  zodIssuesToManifestIssues,
} from '../validation/errors';
import {
  annotationsSchema,
  k8sLabelSelectorSchema,
  labelsSchema,
  rfc1123LabelSchema,
} from '../validation/schemas';
import { parseYamlDocuments } from '../yaml';

/** @public */
export const KUBEFED_TYPES_API_VERSION = 'types.kubefed.io/v1beta1';

/**
 * The target resource of each kubefed federated type Flotilla converts.
 *
 * @public
 */
export const KUBEFED_TARGET_TYPES: Record<
  string,
  { apiVersion: string; kind: string }
> = {
  FederatedDeployment: { apiVersion: 'apps/v1', kind: 'Deployment' },
  FederatedStatefulSet: { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  FederatedDaemonSet: { apiVersion: 'apps/v1', kind: 'DaemonSet' },
  FederatedReplicaSet: { apiVersion: 'apps/v1', kind: 'ReplicaSet' },
  FederatedJob: { apiVersion: 'batch/v1', kind: 'Job' },
  FederatedService: { apiVersion: 'v1', kind: 'Service' },
  FederatedConfigMap: { apiVersion: 'v1', kind: 'ConfigMap' },
  FederatedSecret: { apiVersion: 'v1', kind: 'Secret' },
  FederatedServiceAccount: { apiVersion: 'v1', kind: 'ServiceAccount' },
  FederatedIngress: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
};

const WORKLOAD_KINDS = new Set([
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
]);

const JSON_POINTER = /^(\/([^~/]|~[01])*)+$/;

/**
 * A kubefed Federated* object (the fields the conversion reads).
 *
 * @public
 */
export const federatedResourceSchema = z
  .object({
    apiVersion: z.literal(KUBEFED_TYPES_API_VERSION, {
      errorMap: () => ({
        message: `apiVersion must be ${KUBEFED_TYPES_API_VERSION}`,
      }),
    }),
    kind: z.string().refine(kind => kind in KUBEFED_TARGET_TYPES, {
      message: `kind must be one of ${Object.keys(KUBEFED_TARGET_TYPES).join(
        ', ',
      )}`,
    }),
    metadata: z
      .object({
        // Becomes the PropagationPolicy name, which Karmada uses as a label value.
        name: rfc1123LabelSchema('metadata.name'),
        namespace: rfc1123LabelSchema('metadata.namespace').optional(),
        labels: labelsSchema.optional(),
        annotations: annotationsSchema.optional(),
      })
      .passthrough(),
    spec: z
      .object({
        template: z
          .object({
            metadata: z
              .object({
                labels: labelsSchema.optional(),
                annotations: annotationsSchema.optional(),
              })
              .passthrough()
              .optional(),
          })
          .passthrough(),
        placement: z
          .object({
            clusters: z
              .array(z.object({ name: karmadaClusterNameSchema }).strict())
              .optional(),
            clusterSelector: k8sLabelSelectorSchema.optional(),
          })
          .strict()
          .optional(),
        overrides: z
          .array(
            z
              .object({
                clusterName: karmadaClusterNameSchema,
                clusterOverrides: z
                  .array(
                    z
                      .object({
                        op: z
                          .enum(['add', 'remove', 'replace'], {
                            errorMap: () => ({
                              message: 'op must be add, remove or replace',
                            }),
                          })
                          .optional(),
                        path: z
                          .string()
                          .regex(
                            JSON_POINTER,
                            'path must be a JSON pointer such as /spec/replicas',
                          ),
                        value: z.unknown().optional(),
                      })
                      .strict(),
                  )
                  .min(1, 'clusterOverrides must not be empty'),
              })
              .strict(),
          )
          .optional(),
      })
      .strict(),
  })
  .passthrough()
  .superRefine((fed, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
    const target = KUBEFED_TARGET_TYPES[fed.kind];
    const templateSpec: unknown = fed.spec.template.spec;
    if (target && WORKLOAD_KINDS.has(target.kind)) {
      if (!templateSpec || typeof templateSpec !== 'object') {
        issue(`spec.template.spec is required for a ${target.kind}`, [
          'spec',
          'template',
          'spec',
        ]);
      } else {
        const spec = templateSpec as Record<string, unknown>;
        if (!spec.selector)
          issue(
            `spec.template.spec.selector is required for a ${target.kind}`,
            ['spec', 'template', 'spec', 'selector'],
          );
        if (!spec.template)
          issue(
            `spec.template.spec.template is required for a ${target.kind}`,
            ['spec', 'template', 'spec', 'template'],
          );
      }
    }
    const placement = fed.spec.placement;
    const placesSomething =
      placement !== undefined &&
      (placement.clusters !== undefined
        ? placement.clusters.length > 0
        : placement.clusterSelector !== undefined);
    if (!placesSomething) {
      issue(
        'spec.placement selects no cluster (no clusters and no clusterSelector), so kubefed propagates it nowhere; there is nothing to migrate',
        ['spec', 'placement'],
      );
    }
    (fed.spec.overrides ?? []).forEach((override, i) =>
      override.clusterOverrides.forEach((o, j) => {
        const op = o.op ?? 'replace';
        if (op === 'remove' && o.value !== undefined)
          issue('value must be empty for op remove', [
            'spec',
            'overrides',
            i,
            'clusterOverrides',
            j,
            'value',
          ]);
        if (op !== 'remove' && o.value === undefined)
          issue(`value is required for op ${op}`, [
            'spec',
            'overrides',
            i,
            'clusterOverrides',
            j,
            'value',
          ]);
      }),
    );
  });

/**
 * Input of {@link convertKubefedResource}.
 *
 * @public
 */
export interface KubefedConversionInput {
  /** The Federated* object, as YAML/JSON text or as data. */
  federated: string | Record<string, unknown>;
  /** Namespace to use (default: the object's, else `default`). */
  namespace?: string;
}

/**
 * What {@link convertKubefedResource} produces.
 *
 * @public
 */
export interface KubefedConversionResult {
  /** The resource, the PropagationPolicy, and the OverridePolicy if any. */
  manifests: KubernetesManifest[];
  /** Things worth a look that do not stop the conversion. */
  warnings: string[];
}

function readFederated(
  federated: KubefedConversionInput['federated'],
): unknown {
  if (typeof federated !== 'string') return federated;
  let documents: unknown[];
  try {
    documents = parseYamlDocuments(federated);
  } catch (error) {
    throw new ManifestInputError('kubefed resource', [
      { path: 'federated', message: (error as Error).message },
    ]);
  }
  if (documents.length !== 1) {
    throw new ManifestInputError('kubefed resource', [
      {
        path: 'federated',
        message: `expected exactly one YAML document, got ${documents.length}`,
      },
    ]);
  }
  return documents[0];
}

/**
 * Converts a kubefed Federated* object (FederatedDeployment and friends) to
 * the plain resource, a Karmada PropagationPolicy (`<name>`) and, when it has
 * overrides, an OverridePolicy (`<name>-overrides`).
 *
 * @throws ManifestInputError when the object is not a convertible kubefed resource.
 *
 * @public
 */
export function convertKubefedResource(
  input: KubefedConversionInput,
): KubefedConversionResult {
  const fed = parseManifestInput(
    federatedResourceSchema,
    readFederated(input.federated),
    'kubefed resource',
  );
  const namespace =
    input.namespace !== undefined
      ? parseManifestInput(
          rfc1123LabelSchema('namespace'),
          input.namespace,
          'kubefed conversion input',
        )
      : fed.metadata.namespace ?? 'default';
  const name = fed.metadata.name;
  const target = KUBEFED_TARGET_TYPES[fed.kind];
  const warnings: string[] = [];
  const template = JSON.parse(
    JSON.stringify(fed.spec.template),
  ) as typeof fed.spec.template;

  const resourceMeta: KubernetesManifest['metadata'] = { name, namespace };
  if (template.metadata?.labels) resourceMeta.labels = template.metadata.labels;
  if (template.metadata?.annotations)
    resourceMeta.annotations = template.metadata.annotations;
  const resource: KubernetesManifest = {
    apiVersion: target.apiVersion,
    kind: target.kind,
    metadata: resourceMeta,
  };
  for (const [key, value] of Object.entries(template)) {
    if (key !== 'metadata' && key !== 'apiVersion' && key !== 'kind')
      resource[key] = value;
  }

  const placementIn = fed.spec.placement!;
  let placement: KarmadaPlacement;
  let placedClusters: string[] | undefined;
  if (placementIn.clusters !== undefined) {
    placedClusters = placementIn.clusters.map(c => c.name);
    if (placementIn.clusterSelector) {
      warnings.push(
        'placement.clusterSelector is ignored because placement.clusters is set (kubefed semantics)',
      );
    }
    placement = { clusterAffinity: { clusterNames: placedClusters } };
  } else {
    const selector = placementIn.clusterSelector ?? {};
    const empty = !selector.matchLabels && !selector.matchExpressions;
    placement = empty
      ? {}
      : {
          clusterAffinity: {
            labelSelector: JSON.parse(JSON.stringify(selector)),
          },
        };
    if (empty)
      warnings.push(
        'placement.clusterSelector is empty: every member cluster is selected',
      );
  }
  if (WORKLOAD_KINDS.has(target.kind)) {
    placement.replicaScheduling = { replicaSchedulingType: 'Duplicated' };
  }
  const checked = karmadaPlacementSchema.safeParse(placement);
  if (!checked.success) {
    throw new ManifestInputError(
      'kubefed resource',
      zodIssuesToManifestIssues(checked.error.issues, ['spec', 'placement']),
    );
  }

  const selectors = [
    { apiVersion: target.apiVersion, kind: target.kind, name },
  ];
  const manifests: KubernetesManifest[] = [
    resource,
    buildPropagationPolicy({
      name,
      namespace,
      clusterScoped: false,
      resourceSelectors: selectors,
      placement,
    }),
  ];

  const rules: KarmadaOverrideRule[] = (fed.spec.overrides ?? []).map(
    override => {
      if (placedClusters && !placedClusters.includes(override.clusterName)) {
        warnings.push(
          `overrides for ${override.clusterName} have no effect: the cluster is not in placement.clusters`,
        );
      }
      return {
        targetCluster: { clusterNames: [override.clusterName] },
        overriders: {
          plaintext: override.clusterOverrides.map(o => ({
            path: o.path,
            operator: o.op ?? 'replace',
            ...(o.value !== undefined
              ? { value: JSON.parse(JSON.stringify(o.value)) }
              : {}),
          })),
        },
      };
    },
  );
  if (rules.length > 0) {
    manifests.push(
      buildOverridePolicy({
        name: `${name}-overrides`,
        namespace,
        clusterScoped: false,
        resourceSelectors: selectors,
        rules,
      }),
    );
  }
  return { manifests, warnings };
}
