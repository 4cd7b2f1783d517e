/**
 * Submariner objects in the shapes the operator and gateway write them
 * (submariner-operator `submariner.io/v1alpha1` Submariner, submariner
 * `submariner.io/v1` Gateway and Endpoint).
 */

export const submarinerCr = {
  apiVersion: 'submariner.io/v1alpha1',
  kind: 'Submariner',
  metadata: {
    name: 'submariner',
    namespace: 'submariner-operator',
    generation: 3,
    resourceVersion: '70311',
  },
  spec: {
    broker: 'k8s',
    brokerK8sApiServer: 'broker.fleet.example.com:6443',
    brokerK8sRemoteNamespace: 'submariner-k8s-broker',
    brokerK8sSecret: 'submariner-broker-secret',
    cableDriver: 'libreswan',
    ceIPSecDebug: false,
    ceIPSecIKEPort: 500,
    ceIPSecNATTPort: 4500,
    clusterCIDR: '10.244.0.0/16',
    clusterID: 'eu-1',
    serviceCIDR: '10.96.0.0/12',
    globalCIDR: '242.0.0.0/16',
    debug: false,
    namespace: 'submariner-operator',
    natEnabled: true,
    repository: 'quay.io/submariner',
    serviceDiscoveryEnabled: true,
    version: '0.20.1',
  },
  status: {
    clusterID: 'eu-1',
    clusterCIDR: '10.244.0.0/16',
    serviceCIDR: '10.96.0.0/12',
    globalCIDR: '242.0.0.0/16',
    natEnabled: true,
    networkPlugin: 'calico',
  },
};

const endpointSpec = (
  clusterId: string,
  hostname: string,
  subnets: string[],
  privateIp: string,
  publicIp: string,
) => ({
  cluster_id: clusterId,
  cable_name: `submariner-cable-${clusterId}-${privateIp.replace(/\./g, '-')}`,
  healthCheckIP: subnets[0].replace(/0\/\d+$/, '1'),
  hostname,
  subnets,
  private_ip: privateIp,
  public_ip: publicIp,
  nat_enabled: true,
  backend: 'libreswan',
  backend_config: {
    'natt-discovery-port': '4490',
    'preferred-server': 'false',
    'udp-port': '4500',
  },
});

export const gatewayActive = {
  apiVersion: 'submariner.io/v1',
  kind: 'Gateway',
  metadata: {
    name: 'eu-1-worker-a',
    namespace: 'submariner-operator',
    resourceVersion: '88120',
  },
  status: {
    version: 'v0.20.1',
    haStatus: 'active',
    statusFailure: '',
    localEndpoint: endpointSpec(
      'eu-1',
      'eu-1-worker-a',
      ['242.0.0.0/16'],
      '10.0.1.12',
      '203.0.113.10',
    ),
    connections: [
      {
        status: 'connected',
        statusMessage:
          'Connected to 198.51.100.20:4500 - encryption alg=AES_GCM_16, keysize=128 rekey-time=13999',
        endpoint: endpointSpec(
          'us-1',
          'us-1-worker-b',
          ['242.1.0.0/16'],
          '10.1.2.7',
          '198.51.100.20',
        ),
        usingIP: '198.51.100.20',
        usingNAT: true,
        latencyRTT: {
          last: '85.31ms',
          min: '84.9ms',
          average: '86.02ms',
          max: '91.7ms',
          stdDev: '1.2ms',
        },
      },
      {
        status: 'error',
        statusMessage:
          'Failed to successfully ping the remote endpoint IP "242.2.255.254"',
        endpoint: endpointSpec(
          'ap-1',
          'ap-1-worker-c',
          ['242.2.0.0/16'],
          '10.2.3.9',
          '192.0.2.30',
        ),
        usingIP: '192.0.2.30',
        usingNAT: true,
      },
    ],
  },
};

export const gatewayPassive = {
  apiVersion: 'submariner.io/v1',
  kind: 'Gateway',
  metadata: { name: 'eu-1-worker-b', namespace: 'submariner-operator' },
  status: {
    version: 'v0.20.1',
    haStatus: 'passive',
    statusFailure: '',
    localEndpoint: endpointSpec(
      'eu-1',
      'eu-1-worker-b',
      ['242.0.0.0/16'],
      '10.0.1.13',
      '203.0.113.11',
    ),
    connections: [],
  },
};

export const endpoints = [
  {
    apiVersion: 'submariner.io/v1',
    kind: 'Endpoint',
    metadata: {
      name: 'eu-1-submariner-cable-eu-1-10-0-1-12',
      namespace: 'submariner-operator',
      labels: { 'submariner-io/clusterID': 'eu-1' },
    },
    spec: endpointSpec(
      'eu-1',
      'eu-1-worker-a',
      ['242.0.0.0/16'],
      '10.0.1.12',
      '203.0.113.10',
    ),
  },
  {
    apiVersion: 'submariner.io/v1',
    kind: 'Endpoint',
    metadata: {
      name: 'us-1-submariner-cable-us-1-10-1-2-7',
      namespace: 'submariner-operator',
      labels: { 'submariner-io/clusterID': 'us-1' },
    },
    spec: endpointSpec(
      'us-1',
      'us-1-worker-b',
      ['242.1.0.0/16'],
      '10.1.2.7',
      '198.51.100.20',
    ),
  },
];

/** The Lighthouse agent Deployment `subctl join` creates with service discovery. */
export const lighthouseAgent = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'submariner-lighthouse-agent',
    namespace: 'submariner-operator',
    labels: {
      app: 'submariner-lighthouse-agent',
      component: 'submariner-lighthouse',
    },
  },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'submariner-lighthouse-agent' } },
  },
  status: { replicas: 1, readyReplicas: 1, availableReplicas: 1 },
};
