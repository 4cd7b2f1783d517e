/**
 * API versions of the Cluster API objects, read off the CRDs' `served`
 * versions (see packages/upstream-crds/crds/SOURCES.md):
 *
 * - Cluster API core, kubeadm bootstrap and control plane: v1beta1
 *   (deprecated) and v1beta2 (storage) are both served.
 * - AWS (CAPA): only v1beta2 is served (v1beta1 is `served: false`).
 * - GCP (CAPG) and Azure (CAPZ): only v1beta1.
 * - Docker (CAPD, release-1.14): v1beta1 and v1beta2 (both deprecated in
 *   favour of DevCluster/DevMachine on main).
 */

/**
 * The Cluster API core version the generated objects claim.
 *
 * @public
 */
export type CapiApiVersion = 'v1beta2' | 'v1beta1';

/**
 * Infrastructure providers the generator supports.
 *
 * @public
 */
export type CapiProvider = 'aws' | 'gcp' | 'azure' | 'docker';

/** @public */
export const CAPI_PROVIDERS: readonly CapiProvider[] = [
  'aws',
  'gcp',
  'azure',
  'docker',
];

export const CAPI_CORE_GROUP = 'cluster.x-k8s.io';
export const CAPI_BOOTSTRAP_GROUP = 'bootstrap.cluster.x-k8s.io';
export const CAPI_CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io';
export const CAPI_INFRASTRUCTURE_GROUP = 'infrastructure.cluster.x-k8s.io';

/**
 * The infrastructure API version each provider serves, for each Cluster API
 * core version. A provider's API version is independent of the core version
 * (v1beta1 core objects reference infrastructure by apiVersion, v1beta2 core
 * objects by apiGroup only).
 *
 * @public
 */
export const CAPI_INFRASTRUCTURE_API_VERSIONS: Record<
  CapiProvider,
  Record<CapiApiVersion, string>
> = {
  aws: { v1beta2: 'v1beta2', v1beta1: 'v1beta2' },
  gcp: { v1beta2: 'v1beta1', v1beta1: 'v1beta1' },
  azure: { v1beta2: 'v1beta1', v1beta1: 'v1beta1' },
  docker: { v1beta2: 'v1beta2', v1beta1: 'v1beta1' },
};

/**
 * `group/version` of an infrastructure object.
 *
 * @public
 */
export function infrastructureApiVersion(
  provider: CapiProvider,
  capiVersion: CapiApiVersion,
): string {
  return `${CAPI_INFRASTRUCTURE_GROUP}/${CAPI_INFRASTRUCTURE_API_VERSIONS[provider][capiVersion]}`;
}
