import {
  CLUSTER_ANNOTATIONS,
  type ClusterNetworks,
  type FabricMembership,
} from '@flotilla/plugin-multi-cluster-common';
import { type KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import type { V1Service } from '@kubernetes/client-node';
import { gatewayReachable } from './IstioDetector';
import { describeDetectorError } from './errors';
import type { ConnectivityDetector, DetectorResult } from './types';

const CILIUM_NAMESPACE = 'kube-system';
const CLUSTERMESH_SELECTOR = 'k8s-app=clustermesh-apiserver';

function cidrs(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

/**
 * The pod CIDRs `cilium-config` names: the cluster pool's, else the native
 * routing ones (ipam=kubernetes takes pod ranges from the Nodes, the
 * networks detector's fallback).
 */
function ciliumNetworks(
  data: Record<string, string>,
): ClusterNetworks | undefined {
  const podCidrs = [
    ...cidrs(data['cluster-pool-ipv4-cidr']),
    ...cidrs(data['cluster-pool-ipv6-cidr']),
  ];
  if (podCidrs.length === 0) {
    podCidrs.push(...cidrs(data['ipv4-native-routing-cidr']));
    podCidrs.push(...cidrs(data['ipv6-native-routing-cidr']));
  }
  if (podCidrs.length === 0) return undefined;
  return { podCidrs, serviceCidrs: [], detectedVia: 'api' };
}

/** The cluster sets declared on the clustermesh-apiserver Service. */
function declaredClusterSets(service: V1Service): string[] {
  return (
    service.metadata?.annotations?.[CLUSTER_ANNOTATIONS.clusterSets] ?? ''
  )
    .split(',')
    .map(s => s.trim())
    .filter(Boolean);
}

/**
 * The clustermesh-apiserver as the gateway: ready when a replica is and its
 * Service has an external address; otherwise why not.
 */
function apiserverGateway(
  service: V1Service,
  readyReplicas: number | undefined,
): NonNullable<FabricMembership['gateway']> {
  const reachable = gatewayReachable(service);
  const problems = [
    ...(readyReplicas === 0
      ? ['no clustermesh-apiserver replica is ready']
      : []),
    ...(reachable
      ? []
      : ['the clustermesh-apiserver Service has no external address']),
  ];
  return {
    ready: readyReplicas !== undefined && readyReplicas > 0 && reachable,
    ...(problems.length > 0 ? { message: problems.join('; ') } : {}),
  };
}

/**
 * Cilium: `cilium-config` (cluster name and id, the cluster-pool or
 * native-routing pod CIDRs) and, when ClusterMesh is enabled, the
 * clustermesh-apiserver Service and Deployment as the gateway.
 *
 * Cilium has no mesh name and the API does not show the peers: they are
 * the keys of the `cilium-clustermesh` Secret, which cannot be listed
 * without its values (etcd client keys), so it is not read. The cluster
 * set is therefore declared on the clustermesh-apiserver Service with the
 * `flotilla.io/cluster-sets` annotation (Helm:
 * `clustermesh.apiserver.service.annotations`); without it the cluster is
 * a set of its own, `cilium:<cluster-name>`, which placement treats as
 * reaching no other cluster rather than guessing.
 */
export class CiliumClusterMeshDetector implements ConnectivityDetector {
  readonly id = 'cilium-clustermesh';

  async detect(
    client: KubernetesClient,
    { signal }: { signal: AbortSignal },
  ): Promise<DetectorResult> {
    const config = await client.getConfigMap(
      { namespace: CILIUM_NAMESPACE, name: 'cilium-config' },
      { signal },
    );
    if (!config) return {};
    const data = config.data ?? {};
    const result: DetectorResult = {};
    const networks = ciliumNetworks(data);
    if (networks) result.networks = networks;

    const services = await client.listServices(
      { namespace: CILIUM_NAMESPACE, labelSelector: CLUSTERMESH_SELECTOR },
      { signal },
    );
    const service = services[0];
    if (!service) return result;

    const clusterName = data['cluster-name'] || 'default';
    const evidence = [
      `Cilium cluster ${clusterName} (id ${
        data['cluster-id'] ?? 'unset'
      }) with ClusterMesh API server Service ${service.metadata?.name}`,
    ];
    const errors: string[] = [];
    let readyReplicas: number | undefined;
    try {
      const [deployment] = await client.listWorkloads(
        'Deployment',
        { namespace: CILIUM_NAMESPACE, labelSelector: CLUSTERMESH_SELECTOR },
        { signal },
      );
      readyReplicas = deployment?.status?.readyReplicas ?? 0;
      evidence.push(
        `clustermesh-apiserver ${readyReplicas}/${
          deployment?.spec?.replicas ?? 1
        } ready`,
      );
    } catch (error) {
      errors.push(describeDetectorError(this.id, error));
    }
    const gateway = apiserverGateway(service, readyReplicas);

    const declared = declaredClusterSets(service);
    if (declared.length === 0) {
      evidence.push(
        `no ${CLUSTER_ANNOTATIONS.clusterSets} annotation on the clustermesh-apiserver Service: the mesh cannot be named from the API`,
      );
    }
    const sets = declared.length > 0 ? declared : [`cilium:${clusterName}`];
    result.fabrics = sets.map(clusterSet => ({
      kind: 'cilium-clustermesh' as const,
      clusterSet,
      clusterId: clusterName,
      detectedVia: 'api' as const,
      gateway: { ...gateway },
      evidence,
    })) satisfies FabricMembership[];
    if (errors.length > 0) result.errors = errors;
    return result;
  }
}
