/**
 * The pod and service networks as kubeadm records them: the
 * `kube-system/kubeadm-config` ConfigMap's ClusterConfiguration, which the
 * backend's NetworksDetector reads (`networking.podSubnet` /
 * `serviceSubnet`, comma-separated when dual-stack).
 */
import { stringify } from 'yaml';
import type { ScenarioCluster } from '../scenario';
import type { SeedObject } from './kube';
import { SEEDED_BY } from './stable';

export function kubeadmConfigObject(
  cluster: Pick<
    ScenarioCluster,
    'name' | 'kubernetesVersion' | 'podCidrs' | 'serviceCidrs'
  >,
): SeedObject | undefined {
  const pods = cluster.podCidrs ?? [];
  const services = cluster.serviceCidrs ?? [];
  if (pods.length === 0 && services.length === 0) return undefined;
  const configuration = {
    apiVersion: 'kubeadm.k8s.io/v1beta3',
    kind: 'ClusterConfiguration',
    clusterName: cluster.name,
    kubernetesVersion: cluster.kubernetesVersion,
    controlPlaneEndpoint: `${cluster.name}-apiserver:6443`,
    networking: {
      dnsDomain: 'cluster.local',
      ...(pods.length ? { podSubnet: pods.join(',') } : {}),
      ...(services.length ? { serviceSubnet: services.join(',') } : {}),
    },
  };
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'kubeadm-config',
      namespace: 'kube-system',
      labels: { ...SEEDED_BY },
    },
    data: { ClusterConfiguration: stringify(configuration) },
  };
}
