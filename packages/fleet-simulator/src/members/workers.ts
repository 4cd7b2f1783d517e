/**
 * The cluster's own worker Nodes, one per Machine of its MachineDeployments
 * (`<cluster>-<md>-<n>`, n from 0), built by the Cluster API simulation's
 * Node builder (src/capi/nodes.ts) so that the Nodes seeded here and the
 * ones its MachineDeployment controller adds or removes later are the same
 * objects: zones round-robin, the provider's providerID, instance type,
 * `cluster.x-k8s.io/deployment-name`, the cluster's taints, allocatable,
 * Ready, the kubelet version.
 */
import type { FleetClusterDescription } from '../fleet';
import type { ScenarioCluster } from '../scenario';
import { names, workloadCluster } from '../capi/model';
import { nodeObject, workerNodeSpec } from '../capi/nodes';
import type { SeedObject } from './kube';

export function workerNodeObjects(
  member: FleetClusterDescription,
  cluster: ScenarioCluster,
): SeedObject[] {
  const wc = workloadCluster(member, cluster);
  return cluster.machineDeployments.flatMap(md => {
    const machineDeployment = names.machineDeployment(cluster.name, md.name);
    return Array.from({ length: md.replicas }, (_, index) => {
      return nodeObject(
        wc,
        workerNodeSpec(wc, machineDeployment, index, cluster.kubernetesVersion),
      ) as SeedObject;
    });
  });
}
