/**
 * `cluster.karmada.io/v1alpha1` Cluster, shaped as Karmada's API types
 * (pkg/apis/cluster/v1alpha1), with the validation and defaulting its
 * aggregated API server applies on create and update.
 */
import { invalid } from './apiStatus';

export const CLUSTER_API_VERSION = 'cluster.karmada.io/v1alpha1';

export interface ObjectMeta {
  name: string;
  generateName?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  [key: string]: unknown;
}

export interface ClusterTaint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  timeAdded?: string;
}

export interface LocalSecretReference {
  namespace: string;
  name: string;
}

export interface ClusterSpec {
  id?: string;
  syncMode: 'Push' | 'Pull';
  apiEndpoint?: string;
  secretRef?: LocalSecretReference;
  impersonatorSecretRef?: LocalSecretReference;
  insecureSkipTLSVerification?: boolean;
  proxyURL?: string;
  provider?: string;
  region?: string;
  /** Deprecated by Karmada in favour of `zones`; still read. */
  zone?: string;
  zones?: string[];
  taints?: ClusterTaint[];
  [key: string]: unknown;
}

export interface ClusterCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

export interface ClusterStatus {
  kubernetesVersion?: string;
  apiEnablements?: Array<{
    groupVersion: string;
    resources: Array<{ name: string; kind: string }>;
  }>;
  conditions?: ClusterCondition[];
  nodeSummary?: { totalNum?: number; readyNum?: number };
  resourceSummary?: {
    allocatable?: Record<string, string>;
    allocating?: Record<string, string>;
    allocated?: Record<string, string>;
  };
  [key: string]: unknown;
}

export interface Cluster {
  apiVersion: typeof CLUSTER_API_VERSION;
  kind: 'Cluster';
  metadata: ObjectMeta;
  spec: ClusterSpec;
  status?: ClusterStatus;
}

/** Karmada keeps 15 characters for the `karmada-es-` execution namespace prefix. */
const CLUSTER_NAME_MAX_LENGTH = 48;
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const TAINT_EFFECTS = new Set(['NoSchedule', 'PreferNoSchedule', 'NoExecute']);
const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

type Problem = { field: string; message: string };

export function clusterNameProblems(name: unknown): string[] {
  if (typeof name !== 'string' || name.length === 0)
    return ['must be not empty'];
  if (name.length > CLUSTER_NAME_MAX_LENGTH) {
    return [`must be no more than ${CLUSTER_NAME_MAX_LENGTH} characters`];
  }
  return DNS1123_LABEL.test(name)
    ? []
    : [
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
      ];
}

function endpointProblems(field: string, endpoint: string): Problem[] {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch (error) {
    return [
      {
        field,
        message: `apiEndpoint must be a valid URL: ${(error as Error).message}`,
      },
    ];
  }
  const problems: Problem[] = [];
  if (!url.host) problems.push({ field, message: 'host must be provided' });
  if (url.username || url.password) {
    problems.push({
      field,
      message: 'user information is not permitted in the URL',
    });
  }
  if (url.hash)
    problems.push({ field, message: 'fragments are not permitted in the URL' });
  if (url.search) {
    problems.push({
      field,
      message: 'query parameters are not permitted in the URL',
    });
  }
  return problems;
}

function secretRefProblems(field: string, ref: unknown): Problem[] {
  if (ref === undefined || ref === null) return [];
  const r = ref as Partial<LocalSecretReference>;
  const problems: Problem[] = [];
  if (!r.namespace)
    problems.push({ field: `${field}.namespace`, message: 'Required value' });
  if (!r.name)
    problems.push({ field: `${field}.name`, message: 'Required value' });
  return problems;
}

function taintProblems(taints: unknown): Problem[] {
  if (taints === undefined) return [];
  if (!Array.isArray(taints))
    return [{ field: 'spec.taints', message: 'must be a list' }];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  taints.forEach((t: Partial<ClusterTaint>, i) => {
    const field = `spec.taints[${i}]`;
    if (!t?.key || !QUALIFIED_NAME.test(t.key)) {
      problems.push({
        field: `${field}.key`,
        message: 'must be a qualified name',
      });
    }
    if (!t?.effect || !TAINT_EFFECTS.has(t.effect)) {
      problems.push({
        field: `${field}.effect`,
        message: `Unsupported value: "${
          t?.effect ?? ''
        }": supported values: "NoExecute", "NoSchedule", "PreferNoSchedule"`,
      });
    }
    const id = `${t?.key}:${t?.effect}`;
    if (seen.has(id)) {
      problems.push({
        field,
        message: `taints must be unique by key and effect pair`,
      });
    }
    seen.add(id);
  });
  return problems;
}

/** Karmada's ValidateCluster: name, syncMode, endpoint, secret refs, taints. */
export function validateCluster(cluster: Cluster): void {
  const problems: Problem[] = clusterNameProblems(cluster.metadata?.name).map(
    message => ({ field: 'metadata.name', message }),
  );
  const spec = (cluster.spec ?? {}) as Partial<ClusterSpec>;
  if (!spec.syncMode)
    problems.push({ field: 'spec.syncMode', message: 'Required value' });
  else if (spec.syncMode !== 'Push' && spec.syncMode !== 'Pull') {
    problems.push({
      field: 'spec.syncMode',
      message: `Unsupported value: "${spec.syncMode}": supported values: "Pull", "Push"`,
    });
  }
  if (spec.apiEndpoint)
    problems.push(...endpointProblems('spec.apiEndpoint', spec.apiEndpoint));
  problems.push(...secretRefProblems('spec.secretRef', spec.secretRef));
  problems.push(
    ...secretRefProblems(
      'spec.impersonatorSecretRef',
      spec.impersonatorSecretRef,
    ),
  );
  problems.push(...taintProblems(spec.taints));
  if (problems.length > 0)
    throw invalid(String(cluster.metadata?.name ?? ''), problems);
}

/** Karmada's MutateCluster: NoExecute taints get `timeAdded` when unset. */
export function mutateCluster(cluster: Cluster, now: string): void {
  for (const taint of cluster.spec?.taints ?? []) {
    if (taint.effect === 'NoExecute' && !taint.timeAdded) taint.timeAdded = now;
  }
}
