/** Cilium objects as the Helm chart renders them with ClusterMesh enabled. */

export const ciliumConfig = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'cilium-config',
    namespace: 'kube-system',
    labels: { 'app.kubernetes.io/managed-by': 'Helm' },
  },
  data: {
    'cluster-name': 'eu-1',
    'cluster-id': '1',
    ipam: 'cluster-pool',
    'cluster-pool-ipv4-cidr': '10.10.0.0/16',
    'cluster-pool-ipv4-mask-size': '24',
    'ipv4-native-routing-cidr': '10.10.0.0/16',
    'routing-mode': 'native',
    'kube-proxy-replacement': 'true',
    'enable-ipv4': 'true',
    'enable-ipv6': 'false',
    'clustermesh-config': '/var/lib/cilium/clustermesh/',
  },
};

export const clustermeshApiserverService = (
  ingress: Array<{ ip?: string; hostname?: string }>,
  annotations: Record<string, string> = {},
) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: 'clustermesh-apiserver',
    namespace: 'kube-system',
    labels: {
      'app.kubernetes.io/name': 'clustermesh-apiserver',
      'app.kubernetes.io/part-of': 'cilium',
      'k8s-app': 'clustermesh-apiserver',
    },
    annotations,
  },
  spec: {
    type: 'LoadBalancer',
    ports: [{ port: 2379, protocol: 'TCP', targetPort: 2379 }],
    selector: { 'k8s-app': 'clustermesh-apiserver' },
  },
  status: { loadBalancer: { ingress } },
});

export const clustermeshApiserverDeployment = (ready: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'clustermesh-apiserver',
    namespace: 'kube-system',
    labels: {
      'k8s-app': 'clustermesh-apiserver',
      'app.kubernetes.io/part-of': 'cilium',
    },
  },
  spec: {
    replicas: 1,
    selector: { matchLabels: { 'k8s-app': 'clustermesh-apiserver' } },
  },
  status: { replicas: 1, readyReplicas: ready, availableReplicas: ready },
});
