/**
 * The one entry point of the Cluster API generator: validates the input and
 * composes the provider files (aws.ts, gcp.ts, azure.ts, docker.ts) with the
 * classic or managed-topology form.
 */
import { KubernetesManifest } from '../types';
import { ManifestInputError, parseManifestInput } from '../validation/errors';
import { awsProvider } from './aws';
import { azureProvider } from './azure';
import { buildClassicCluster } from './classic';
import { InfrastructureProvider } from './common';
import { dockerProvider } from './docker';
import { gcpProvider } from './gcp';
import { buildTopologyCluster } from './topology';
import { CapiClusterInput, capiClusterInputSchema } from './types';
import { CapiProvider } from './versions';

/**
 * The infrastructure providers, by name.
 *
 * @public
 */
export const CAPI_INFRASTRUCTURE_PROVIDERS: Record<
  CapiProvider,
  InfrastructureProvider
> = {
  aws: awsProvider,
  gcp: gcpProvider,
  azure: azureProvider,
  docker: dockerProvider,
};

/**
 * Generates the Cluster API manifests of one workload cluster.
 *
 * Classic form (default): Cluster, the provider's cluster object,
 * KubeadmControlPlane and its machine template, and per worker pool a
 * KubeadmConfigTemplate, a machine template and a MachineDeployment.
 * Topology form (`topology` given): one Cluster using a ClusterClass.
 *
 * @throws ManifestInputError when the input is invalid (nothing is generated).
 *
 * @public
 */
export function generateCapiCluster(
  input: CapiClusterInput,
): KubernetesManifest[] {
  const normalized = parseManifestInput(
    capiClusterInputSchema,
    input,
    'Cluster API cluster input',
  );
  if (normalized.topology) {
    return buildTopologyCluster(normalized);
  }
  try {
    return buildClassicCluster(
      normalized,
      CAPI_INFRASTRUCTURE_PROVIDERS[normalized.provider],
    );
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ManifestInputError('Cluster API cluster input', [
        { path: 'audit.policy', message: error.message },
      ]);
    }
    throw error;
  }
}
