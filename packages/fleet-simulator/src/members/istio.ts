/**
 * Istio multi-cluster as `istioctl install` (multi-primary, multi-network)
 * and `istioctl create-remote-secret` leave it, limited to what the
 * backend's IstioDetector reads: the `istio-system` Namespace's network
 * label, the `istio` ConfigMap's mesh config (mesh id = the cluster set),
 * one remote secret per peer, and the east-west gateway Service with the
 * external address a cloud load-balancer controller would write.
 */
import { stringify } from 'yaml';
import type { FleetDescription } from '../fleet';
import type { ScenarioCluster, ScenarioFabric } from '../scenario';
import type { SeedObject } from './kube';
import { loadBalancerIp, SEEDED_BY } from './stable';

export const ISTIO_NAMESPACE = 'istio-system';
const NETWORK_LABEL = 'topology.istio.io/network';

export function istioNetwork(cluster: Pick<ScenarioCluster, 'name'>): string {
  return `network-${cluster.name}`;
}

/**
 * A remote secret's kubeconfig points at the peer's API server. It carries
 * no credentials: no istiod runs here to use it, and the detector reads
 * secret metadata only.
 */
function remoteKubeconfig(peer: string, fleet?: FleetDescription): string {
  const server =
    fleet?.clusters.find(c => c.name === peer)?.publicUrl ??
    `https://${peer}.invalid:6443`;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: peer, cluster: { server } }],
    contexts: [{ name: peer, context: { cluster: peer, user: peer } }],
    users: [{ name: peer, user: {} }],
    'current-context': peer,
  });
}

/** The istio-system Namespace (its network label) and the mesh config. */
function meshObjects(network: string, fabric: ScenarioFabric): SeedObject[] {
  const labels = { ...SEEDED_BY, 'istio.io/rev': 'default' };
  const mesh = {
    defaultConfig: {
      meshId: fabric.clusterSet,
      discoveryAddress: `istiod.${ISTIO_NAMESPACE}.svc:15012`,
      proxyMetadata: { ISTIO_META_DNS_CAPTURE: 'true' },
    },
    trustDomain: 'cluster.local',
    enablePrometheusMerge: true,
  };
  return [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: ISTIO_NAMESPACE,
        labels: { ...SEEDED_BY, [NETWORK_LABEL]: network },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'istio', namespace: ISTIO_NAMESPACE, labels },
      data: { mesh: stringify(mesh), meshNetworks: 'networks: {}\n' },
    },
  ];
}

/** The remote secret `istioctl create-remote-secret` gives the peer. */
function remoteSecret(peer: string, fleet?: FleetDescription): SeedObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: `istio-remote-secret-${peer}`,
      namespace: ISTIO_NAMESPACE,
      labels: { ...SEEDED_BY, 'istio/multiCluster': 'true' },
      annotations: { 'networking.istio.io/cluster': peer },
    },
    type: 'Opaque',
    stringData: { [peer]: remoteKubeconfig(peer, fleet) },
  };
}

/** The east-west gateway's Service, with its address once the gateway is ready. */
function eastWestGateway(
  cluster: Pick<ScenarioCluster, 'name'>,
  fabric: ScenarioFabric,
  network: string,
): SeedObject {
  const gatewayLabels = {
    ...SEEDED_BY,
    istio: 'eastwestgateway',
    app: 'istio-eastwestgateway',
    [NETWORK_LABEL]: network,
  };
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'istio-eastwestgateway',
      namespace: ISTIO_NAMESPACE,
      labels: gatewayLabels,
    },
    spec: {
      type: 'LoadBalancer',
      selector: { istio: 'eastwestgateway', app: 'istio-eastwestgateway' },
      ports: [
        {
          name: 'status-port',
          port: 15021,
          targetPort: 15021,
          protocol: 'TCP',
        },
        { name: 'tls', port: 15443, targetPort: 15443, protocol: 'TCP' },
        { name: 'tls-istiod', port: 15012, targetPort: 15012, protocol: 'TCP' },
        {
          name: 'tls-webhook',
          port: 15017,
          targetPort: 15017,
          protocol: 'TCP',
        },
      ],
    },
    // A gateway that is not ready is a load balancer still pending: no address.
    ...(fabric.gatewayReady === false
      ? {}
      : {
          status: {
            loadBalancer: {
              ingress: [
                { ip: loadBalancerIp(`${cluster.name}/istio-eastwestgateway`) },
              ],
            },
          },
        }),
  };
}

export function istioObjects(
  cluster: Pick<ScenarioCluster, 'name'>,
  fabric: ScenarioFabric,
  fleet?: FleetDescription,
): SeedObject[] {
  const network = istioNetwork(cluster);
  return [
    ...meshObjects(network, fabric),
    ...(fabric.connectedTo ?? []).map(peer => remoteSecret(peer, fleet)),
    eastWestGateway(cluster, fabric, network),
  ];
}
