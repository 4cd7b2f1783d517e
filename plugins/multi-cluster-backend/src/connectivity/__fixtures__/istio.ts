/**
 * Istio multi-primary objects as `istioctl create-remote-secret` and the
 * east-west gateway chart leave them. Secrets are served as metadata only.
 */

export const remoteSecretsMetadata = {
  kind: 'PartialObjectMetadataList',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: '51002' },
  items: ['us-1', 'ap-1'].map(cluster => ({
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: {
      name: `istio-remote-secret-${cluster}`,
      namespace: 'istio-system',
      resourceVersion: '50991',
      labels: { 'istio/multiCluster': 'true' },
      annotations: { 'networking.istio.io/cluster': cluster },
    },
  })),
};

export const eastWestGateway = (
  ingress: Array<{ ip?: string; hostname?: string }>,
) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: 'istio-eastwestgateway',
    namespace: 'istio-system',
    labels: {
      app: 'istio-eastwestgateway',
      istio: 'eastwestgateway',
      'topology.istio.io/network': 'network-eu',
    },
  },
  spec: {
    type: 'LoadBalancer',
    clusterIP: '10.96.41.7',
    ports: [
      { name: 'status-port', port: 15021, protocol: 'TCP', targetPort: 15021 },
      { name: 'tls', port: 15443, protocol: 'TCP', targetPort: 15443 },
      { name: 'tls-istiod', port: 15012, protocol: 'TCP', targetPort: 15012 },
      { name: 'tls-webhook', port: 15017, protocol: 'TCP', targetPort: 15017 },
    ],
    selector: { app: 'istio-eastwestgateway', istio: 'eastwestgateway' },
  },
  status: { loadBalancer: { ingress } },
});

/** The `istio` mesh ConfigMap; `mesh` is MeshConfig as YAML. */
export const meshConfigMap = (meshId?: string) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'istio',
    namespace: 'istio-system',
    labels: { 'istio.io/rev': 'default' },
  },
  data: {
    mesh: [
      'defaultConfig:',
      '  discoveryAddress: istiod.istio-system.svc:15012',
      ...(meshId ? [`  meshId: ${meshId}`] : []),
      '  tracing:',
      '    zipkin:',
      '      address: zipkin.istio-system:9411',
      'defaultProviders:',
      '  metrics:',
      '  - prometheus',
      'enablePrometheusMerge: true',
      'rootNamespace: istio-system',
      'trustDomain: fleet.example.com',
      '',
    ].join('\n'),
    meshNetworks: 'networks: {}',
  },
});

export const istioSystemNamespace = {
  kind: 'PartialObjectMetadata',
  apiVersion: 'meta.k8s.io/v1',
  metadata: {
    name: 'istio-system',
    labels: {
      'kubernetes.io/metadata.name': 'istio-system',
      'topology.istio.io/network': 'network-eu',
    },
  },
};
