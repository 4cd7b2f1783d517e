/**
 * Cilium with Cluster Mesh as its Helm chart installs it, limited to what
 * the backend's CiliumClusterMeshDetector reads: `kube-system/cilium-config`
 * (cluster name and id, the cluster-pool pod CIDRs), the
 * clustermesh-apiserver Service (LoadBalancer, with the cluster sets
 * declared in `flotilla.io/cluster-sets`, as the chart's
 * `clustermesh.apiserver.service.annotations` would) and Deployment. The
 * peers are the keys of the `cilium-clustermesh` Secret, as `cilium
 * clustermesh connect` writes them (endpoints only: no etcd client keys).
 */
import { stringify } from 'yaml';
import type { ScenarioCluster, ScenarioFabric } from '../scenario';
import type { SeedObject } from './kube';
import { loadBalancerIp, SEEDED_BY } from './stable';

const NAMESPACE = 'kube-system';
const CLUSTER_SETS_ANNOTATION = 'flotilla.io/cluster-sets';
const APISERVER_LABELS = {
  'k8s-app': 'clustermesh-apiserver',
  'app.kubernetes.io/part-of': 'cilium',
};

/** `kube-system/cilium-config`: the cluster's name and id, its pod CIDRs. */
function ciliumConfig(
  clusterName: string,
  clusterNumber: number,
  podCidrs: string[],
): SeedObject {
  const ipv4 = podCidrs.filter(c => !c.includes(':'));
  const ipv6 = podCidrs.filter(c => c.includes(':'));
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'cilium-config',
      namespace: NAMESPACE,
      labels: { ...SEEDED_BY, 'app.kubernetes.io/part-of': 'cilium' },
    },
    data: {
      'cluster-name': clusterName,
      'cluster-id': String(clusterNumber),
      ipam: 'cluster-pool',
      ...(ipv4.length
        ? {
            'enable-ipv4': 'true',
            'cluster-pool-ipv4-cidr': ipv4.join(' '),
            'cluster-pool-ipv4-mask-size': '24',
          }
        : {}),
      ...(ipv6.length
        ? {
            'enable-ipv6': 'true',
            'cluster-pool-ipv6-cidr': ipv6.join(' '),
            'cluster-pool-ipv6-mask-size': '112',
          }
        : {}),
      'routing-mode': 'tunnel',
      'tunnel-protocol': 'vxlan',
      'kube-proxy-replacement': 'true',
    },
  };
}

/** The `cilium-clustermesh` Secret: one key per peer, as `cilium clustermesh connect` writes. */
function clusterMeshSecret(peers: string[]): SeedObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: 'cilium-clustermesh',
      namespace: NAMESPACE,
      labels: { ...SEEDED_BY, 'app.kubernetes.io/part-of': 'cilium' },
    },
    type: 'Opaque',
    stringData: Object.fromEntries(
      peers.map(peer => [
        peer,
        stringify({
          endpoints: [`https://${peer}.mesh.cilium.io:2379`],
          'trusted-ca-file':
            '/var/lib/cilium/clustermesh/common-etcd-client-ca.crt',
        }),
      ]),
    ),
  };
}

/** The clustermesh-apiserver Service, with its address once the gateway is ready. */
function clusterMeshService(
  cluster: Pick<ScenarioCluster, 'name'>,
  sets: string[],
  ready: boolean,
): SeedObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'clustermesh-apiserver',
      namespace: NAMESPACE,
      labels: { ...SEEDED_BY, ...APISERVER_LABELS },
      annotations: { [CLUSTER_SETS_ANNOTATION]: sets.join(',') },
    },
    spec: {
      type: 'LoadBalancer',
      selector: { 'k8s-app': 'clustermesh-apiserver' },
      ports: [
        { name: 'apiserv', port: 2379, targetPort: 2379, protocol: 'TCP' },
      ],
    },
    ...(ready
      ? {
          status: {
            loadBalancer: {
              ingress: [
                {
                  ip: loadBalancerIp(`${cluster.name}/clustermesh-apiserver`),
                },
              ],
            },
          },
        }
      : {}),
  };
}

const clusterMeshDeployment = (): SeedObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'clustermesh-apiserver',
    namespace: NAMESPACE,
    labels: { ...SEEDED_BY, ...APISERVER_LABELS },
  },
  spec: {
    replicas: 1,
    selector: { matchLabels: { 'k8s-app': 'clustermesh-apiserver' } },
    template: {
      metadata: { labels: { ...APISERVER_LABELS } },
      spec: {
        containers: [
          {
            name: 'apiserver',
            image: 'quay.io/cilium/clustermesh-apiserver:v1.16.5',
            ports: [{ name: 'apiserv', containerPort: 2379 }],
            resources: { requests: { cpu: '100m', memory: '128Mi' } },
          },
        ],
      },
    },
  },
});

/**
 * `clusterNumber` is the Cilium cluster id (1-255), unique in a mesh: the
 * cluster's position in the scenario.
 */
export function ciliumObjects(
  cluster: Pick<ScenarioCluster, 'name' | 'podCidrs'>,
  fabrics: ScenarioFabric[],
  clusterNumber: number,
): SeedObject[] {
  if (fabrics.length === 0) return [];
  const peers = [...new Set(fabrics.flatMap(f => f.connectedTo ?? []))].sort();
  const ready = fabrics.every(f => f.gatewayReady !== false);
  const sets = [...new Set(fabrics.map(f => f.clusterSet))].sort();
  return [
    ciliumConfig(fabrics[0].clusterId, clusterNumber, cluster.podCidrs ?? []),
    clusterMeshSecret(peers),
    clusterMeshService(cluster, sets, ready),
    clusterMeshDeployment(),
  ];
}
