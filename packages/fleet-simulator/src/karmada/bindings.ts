/**
 * Karmada's detector and binding controller as pure functions: the
 * ResourceBinding a claimed resource template gets, and the Work (one per
 * target cluster, in its `karmada-es-<cluster>` namespace) a binding
 * produces.
 */
import { fnv1a32 } from '@flotilla/plugin-multi-cluster-common';
import { sumResourceLists } from '@flotilla/plugin-multi-cluster-common';
import { KUBERNETES_ID_LABEL } from './seedManifests';
import type {
  KarmadaSpec,
  Manifest,
  ManifestMetadata,
  ManifestSpec,
  MemberManifest,
} from './objectTypes';

export const MANAGED_LABEL = 'karmada.io/managed';
export const WORK_NAME_ANNOTATION = 'work.karmada.io/name';
export const WORK_NAMESPACE_ANNOTATION = 'work.karmada.io/namespace';
export const CONFLICT_RESOLUTION_ANNOTATION =
  'work.karmada.io/conflict-resolution';
export const BINDING_NAME_LABEL = 'resourcebinding.karmada.io/name';
export const BINDING_NAMESPACE_LABEL = 'resourcebinding.karmada.io/namespace';
export const CLUSTER_BINDING_NAME_LABEL =
  'clusterresourcebinding.karmada.io/name';
export const PP_PERMANENT_ID = 'propagationpolicy.karmada.io/permanent-id';
export const PP_NAME = 'propagationpolicy.karmada.io/name';
export const PP_NAMESPACE = 'propagationpolicy.karmada.io/namespace';
export const CPP_PERMANENT_ID =
  'clusterpropagationpolicy.karmada.io/permanent-id';
export const CPP_NAME = 'clusterpropagationpolicy.karmada.io/name';

/** Kinds whose replicas Karmada divides among clusters (its default interpreter). */
const WORKLOAD_KINDS = new Set([
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'Job',
]);

export function executionNamespace(cluster: string): string {
  return `karmada-es-${cluster}`;
}

/** `<name>-<kind>`, lower case, as Karmada names bindings. */
export function bindingName(kind: string, name: string): string {
  return `${name}-${kind.toLowerCase()}`.slice(0, 253);
}

/** `<name>-<hash of kind, namespace and name>`, as Karmada names Works. */
export function workName(
  kind: string,
  namespace: string | undefined,
  name: string,
): string {
  const hash = fnv1a32(`${kind}/${namespace ?? ''}/${name}`).toString(16);
  return `${name.slice(0, 240)}-${hash}`;
}

export interface Template {
  apiVersion: string;
  kind: string;
  metadata: ManifestMetadata;
  spec?: ManifestSpec;
  [key: string]: unknown;
}

export interface Policy {
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    uid?: string;
  };
  spec?: KarmadaSpec;
}

/** Sum of the requests of the template's pod (one replica). */
export function replicaRequests(
  template: Template,
): Record<string, string> | undefined {
  const containers = template.spec?.template?.spec?.containers ?? [];
  const { sum } = sumResourceLists(containers.map(c => c?.resources?.requests));
  return Object.keys(sum).length ? sum : undefined;
}

/** The binding's desired spec and labels (spec.clusters stays the scheduler's). */
export function desiredBinding(
  template: Template,
  policy: Policy,
  clusterPolicy: boolean,
) {
  const labels: Record<string, string> = {};
  const id = template.metadata.labels?.[KUBERNETES_ID_LABEL];
  // Flotilla's inventory finds a workload's bindings by this label.
  if (id) labels[KUBERNETES_ID_LABEL] = id;
  if (clusterPolicy) {
    labels[CPP_NAME] = policy.metadata.name;
    const permanent = policy.metadata.labels?.[CPP_PERMANENT_ID];
    if (permanent) labels[CPP_PERMANENT_ID] = permanent;
  } else {
    labels[PP_NAME] = policy.metadata.name;
    labels[PP_NAMESPACE] = policy.metadata.namespace ?? '';
    const permanent = policy.metadata.labels?.[PP_PERMANENT_ID];
    if (permanent) labels[PP_PERMANENT_ID] = permanent;
  }
  const workload = WORKLOAD_KINDS.has(template.kind);
  const requests = workload ? replicaRequests(template) : undefined;
  const spec: Record<string, unknown> = {
    resource: {
      apiVersion: template.apiVersion,
      kind: template.kind,
      namespace: template.metadata.namespace,
      name: template.metadata.name,
      uid: template.metadata.uid,
      resourceVersion: template.metadata.resourceVersion,
    },
    placement: policy.spec?.placement ?? {},
    conflictResolution: policy.spec?.conflictResolution ?? 'Abort',
    schedulerName: policy.spec?.schedulerName ?? 'default-scheduler',
  };
  if (workload) spec.replicas = template.spec?.replicas ?? 1;
  if (requests) spec.replicaRequirements = { resourceRequest: requests };
  return { labels, spec };
}

/** Fields of a template that are its server's, not the desired state. */
const SERVER_METADATA = [
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
  'selfLink',
  'ownerReferences',
  'finalizers',
];

/** The template as one member receives it, before overrides (with a spec when the template has one). */
export function workloadFor(
  template: Template & { spec: ManifestSpec },
  target: { name: string; replicas?: number },
  divided: boolean,
  work: { name: string; namespace: string },
): MemberManifest & { spec: ManifestSpec };
export function workloadFor(
  template: Template,
  target: { name: string; replicas?: number },
  divided: boolean,
  work: { name: string; namespace: string },
): MemberManifest;
export function workloadFor(
  template: Template,
  target: { name: string; replicas?: number },
  divided: boolean,
  work: { name: string; namespace: string },
): MemberManifest {
  const manifest: Manifest = structuredClone(template);
  delete manifest.status;
  for (const field of SERVER_METADATA) delete manifest.metadata[field];
  const annotations = { ...(manifest.metadata.annotations ?? {}) };
  delete annotations['kubectl.kubernetes.io/last-applied-configuration'];
  delete annotations['deployment.kubernetes.io/revision'];
  annotations[WORK_NAME_ANNOTATION] = work.name;
  annotations[WORK_NAMESPACE_ANNOTATION] = work.namespace;
  manifest.metadata.annotations = annotations;
  manifest.metadata.labels = {
    ...(manifest.metadata.labels ?? {}),
    [MANAGED_LABEL]: 'true',
  };
  const labelled = manifest as MemberManifest;
  if (
    divided &&
    WORKLOAD_KINDS.has(template.kind) &&
    target.replicas !== undefined
  ) {
    labelled.spec = { ...labelled.spec, replicas: target.replicas };
  }
  return labelled;
}

export function isDivided(binding: { spec?: KarmadaSpec }): boolean {
  return (
    (binding.spec?.placement?.replicaScheduling?.replicaSchedulingType ??
      'Divided') === 'Divided' &&
    binding.spec?.placement?.replicaScheduling !== undefined
  );
}
