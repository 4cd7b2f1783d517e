import {
  capiClusterInputSchema,
  generateCapiCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './capiCluster.examples';
import {
  createManifestAction,
  manifestOutputFields,
  workspaceFields,
} from './shared/manifestAction';

/**
 * ID of the Cluster API action.
 *
 * @public
 */
export const CAPI_CLUSTER_ACTION_ID = 'multicluster:capi:cluster';

const fields = capiClusterInputSchema.innerType().shape;

/**
 * `multicluster:capi:cluster`: Cluster API manifests of one workload
 * cluster (AWS, GCP, Azure or Docker; v1beta2 or v1beta1; classic or
 * ClusterClass topology).
 *
 * @public
 */
export function createCapiClusterAction() {
  return createManifestAction({
    id: CAPI_CLUSTER_ACTION_ID,
    description:
      'Generates Cluster API manifests (Cluster, KubeadmControlPlane, KubeadmConfigTemplate, MachineDeployments and the provider objects, or a ClusterClass-based Cluster) and writes them into the workspace.',
    examples,
    input: capiClusterInputSchema.innerType().extend({
      // A form always gives the pools; common defaults them only to report
      // a missing pool along with every other problem.
      workers: fields.workers.removeDefault(),
      ...workspaceFields,
    }),
    output: manifestOutputFields,
    generate(input) {
      // A form renders every provider's options object; the scaffolder drops
      // the keys left undefined, so an empty one means "no options".
      for (const provider of ['aws', 'gcp', 'azure'] as const) {
        const options = input[provider];
        if (options && Object.keys(options).length === 0)
          delete input[provider];
      }
      const manifests = generateCapiCluster(input);
      return {
        manifests,
        singleFileName: `capi-cluster-${input.name}.yaml`,
        summary: paths =>
          `Wrote ${manifests.length} Cluster API documents for ${input.name} to ${paths}`,
      };
    },
  });
}
