import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { KubernetesRequestOptions } from '../client/request';
import type { KubernetesTransport } from '../client/transport';
import { getCustomObject, listCustomObjects } from './customObjects';

/**
 * The Multi-Cluster Services API group (ServiceExport, ServiceImport).
 *
 * @public
 */
export const MCS_GROUP = 'multicluster.x-k8s.io';

/**
 * The group of KEP-2149 `ClusterProperty` objects (cluster id, cluster set).
 *
 * @public
 */
export const CLUSTER_PROPERTY_GROUP = 'about.k8s.io';

/**
 * The versions of the MCS API: implementations (Submariner Lighthouse, GKE,
 * Cilium) serve v1alpha1; newer mcs-api CRDs store v1beta1 and serve both.
 *
 * @public
 */
export type McsVersion = 'v1alpha1' | 'v1beta1';

/**
 * A condition of an MCS object.
 *
 * @public
 */
export interface McsCondition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}

/**
 * The fields of a `ServiceExport` that Flotilla reads.
 *
 * @public
 */
export interface ServiceExport {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  status?: { conditions?: McsCondition[] };
}

/**
 * The fields of a `ServiceImport` that Flotilla reads.
 *
 * @public
 */
export interface ServiceImport {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: {
    type?: string;
    ips?: string[];
    ports?: { name?: string; port?: number; protocol?: string }[];
  };
  status?: { clusters?: { cluster?: string }[] };
}

/**
 * A KEP-2149 `ClusterProperty` (cluster-scoped, `spec.value`).
 *
 * @public
 */
export interface ClusterProperty {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: { value?: string };
}

const resource = (plural: string, version: McsVersion) => ({
  group: MCS_GROUP,
  version,
  plural,
});

/** The MCS objects of one kind in a namespace (all namespaces without one). */
async function listMcsObjects<T>(
  plural: string,
  transport: KubernetesTransport,
  req: { version?: McsVersion; namespace?: string },
  opts?: KubernetesRequestOptions,
): Promise<T[]> {
  const res = await listCustomObjects<T>(
    transport,
    {
      ...resource(plural, req.version ?? 'v1alpha1'),
      namespace: req.namespace,
    },
    opts,
  );
  return res.items ?? [];
}

/** One MCS object of one kind by namespace and name. */
function getMcsObject<T>(
  plural: string,
  transport: KubernetesTransport,
  ref: { namespace: string; name: string; version?: McsVersion },
  opts?: KubernetesRequestOptions,
): Promise<T> {
  return getCustomObject<T>(
    transport,
    {
      ...resource(plural, ref.version ?? 'v1alpha1'),
      namespace: ref.namespace,
      name: ref.name,
    },
    opts,
  );
}

/**
 * The `ServiceExport`s of a namespace (of all namespaces without one), at
 * `version` (v1alpha1 when not given).
 *
 * @public
 */
export async function listServiceExports(
  transport: KubernetesTransport,
  req: { version?: McsVersion; namespace?: string } = {},
  opts?: KubernetesRequestOptions,
): Promise<ServiceExport[]> {
  return listMcsObjects<ServiceExport>('serviceexports', transport, req, opts);
}

/**
 * One `ServiceExport` by namespace and name.
 *
 * @public
 */
export function getServiceExport(
  transport: KubernetesTransport,
  ref: { namespace: string; name: string; version?: McsVersion },
  opts?: KubernetesRequestOptions,
): Promise<ServiceExport> {
  return getMcsObject<ServiceExport>('serviceexports', transport, ref, opts);
}

/**
 * The `ServiceImport`s of a namespace (of all namespaces without one).
 *
 * @public
 */
export async function listServiceImports(
  transport: KubernetesTransport,
  req: { version?: McsVersion; namespace?: string } = {},
  opts?: KubernetesRequestOptions,
): Promise<ServiceImport[]> {
  return listMcsObjects<ServiceImport>('serviceimports', transport, req, opts);
}

/**
 * One `ServiceImport` by namespace and name.
 *
 * @public
 */
export function getServiceImport(
  transport: KubernetesTransport,
  ref: { namespace: string; name: string; version?: McsVersion },
  opts?: KubernetesRequestOptions,
): Promise<ServiceImport> {
  return getMcsObject<ServiceImport>('serviceimports', transport, ref, opts);
}

/**
 * The cluster's `ClusterProperty` objects (`about.k8s.io/v1alpha1`).
 *
 * @public
 */
export async function listClusterProperties(
  transport: KubernetesTransport,
  opts?: KubernetesRequestOptions,
): Promise<ClusterProperty[]> {
  const res = await listCustomObjects<ClusterProperty>(
    transport,
    {
      group: CLUSTER_PROPERTY_GROUP,
      version: 'v1alpha1',
      plural: 'clusterproperties',
    },
    opts,
  );
  return res.items ?? [];
}
