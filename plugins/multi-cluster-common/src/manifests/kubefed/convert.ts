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
import { karmadaPlacementSchema, KarmadaPlacement } from '../../scheduling';
import {
  buildOverridePolicy,
  buildPropagationPolicy,
  KarmadaOverrideRule,
} from '../karmada/policies';
import { KubernetesManifest } from '../types';
import {
  ManifestInputError,
  parseManifestInput,
  zodIssuesToManifestIssues,
} from '../validation/errors';
import { rfc1123LabelSchema } from '../validation/schemas';
import { parseYamlDocuments } from '../yaml';
import {
  FederatedResource,
  federatedResourceSchema,
  KUBEFED_TARGET_TYPES,
  WORKLOAD_KINDS,
} from './federatedResource';

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
  const { placement, placedClusters } = karmadaPlacementOf(
    fed,
    target.kind,
    warnings,
  );
  const selectors = [
    { apiVersion: target.apiVersion, kind: target.kind, name },
  ];
  const manifests: KubernetesManifest[] = [
    plainResource(fed, target, name, namespace),
    buildPropagationPolicy({
      name,
      namespace,
      clusterScoped: false,
      resourceSelectors: selectors,
      placement,
    }),
  ];
  const rules = overrideRules(fed, placedClusters, warnings);
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

/** The template as the plain resource, in the target namespace. */
function plainResource(
  fed: FederatedResource,
  target: { apiVersion: string; kind: string },
  name: string,
  namespace: string,
): KubernetesManifest {
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
  return resource;
}

/**
 * kubefed's placement as Karmada's: its cluster list, else its cluster
 * selector; a workload is duplicated to every placed cluster.
 */
function karmadaPlacementOf(
  fed: FederatedResource,
  targetKind: string,
  warnings: string[],
): { placement: KarmadaPlacement; placedClusters?: string[] } {
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
  if (WORKLOAD_KINDS.has(targetKind)) {
    placement.replicaScheduling = { replicaSchedulingType: 'Duplicated' };
  }
  const checked = karmadaPlacementSchema.safeParse(placement);
  if (!checked.success) {
    throw new ManifestInputError(
      'kubefed resource',
      zodIssuesToManifestIssues(checked.error.issues, ['spec', 'placement']),
    );
  }
  return { placement, placedClusters };
}

/** Each cluster's overrides as a plaintext override rule for that cluster. */
function overrideRules(
  fed: FederatedResource,
  placedClusters: string[] | undefined,
  warnings: string[],
): KarmadaOverrideRule[] {
  return (fed.spec.overrides ?? []).map(override => {
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
  });
}
