import type {
  FabricMembership,
  ClusterNetworks,
} from '@flotilla/plugin-multi-cluster-common';
import {
  isNotFound,
  type CustomObject,
  type KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import { describeDetectorError } from './errors';
import type { ConnectivityDetector, DetectorResult } from './types';

const OPERATOR_NAMESPACE = 'submariner-operator';
const LIGHTHOUSE_AGENT_SELECTOR = 'app=submariner-lighthouse-agent';

/** The fields read from the Submariner CR's spec and status (never its broker token or PSK). */
interface SubmarinerFields {
  clusterID?: string;
  globalCIDR?: string;
  clusterCIDR?: string;
  serviceCIDR?: string;
  brokerK8sApiServer?: string;
  brokerK8sRemoteNamespace?: string;
  namespace?: string;
}

interface SubmarinerObject extends Omit<CustomObject, 'spec' | 'status'> {
  spec?: SubmarinerFields;
  status?: SubmarinerFields;
}

interface GatewayConnection {
  status?: string;
  statusMessage?: string;
  endpoint?: { cluster_id?: string };
  latencyRTT?: { average?: string };
}

interface GatewayObject extends Omit<CustomObject, 'spec' | 'status'> {
  status?: {
    haStatus?: string;
    statusFailure?: string;
    localEndpoint?: { cluster_id?: string };
    connections?: GatewayConnection[];
  };
}

interface EndpointObject extends Omit<CustomObject, 'spec' | 'status'> {
  spec?: { cluster_id?: string };
}

async function listOrEmpty<T>(
  client: KubernetesClient,
  req: { group: string; version: string; plural: string; namespace?: string },
  signal: AbortSignal,
): Promise<T[]> {
  try {
    return (await client.listCustomObjects<T>(req, { signal })).items;
  } catch (error) {
    // No CRD: this part of Submariner is not installed.
    if (isNotFound(error)) return [];
    throw error;
  }
}

function cidrList(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map(cidr => cidr.trim())
        .filter(Boolean)
    : [];
}

function brokerHost(server: unknown): string | undefined {
  if (typeof server !== 'string' || !server) return undefined;
  try {
    return new URL(server.includes('://') ? server : `https://${server}`).host;
  } catch {
    return server;
  }
}

/**
 * The cluster set a Submariner cluster joined. Submariner has no cluster
 * set name of its own: every cluster joined to one broker (its API server
 * and broker namespace, `subctl join`'s broker-info) syncs Endpoints with
 * the others and forms one ClusterSet. So the set is named
 * `<broker API host>/<broker namespace>`; the host is part of it because
 * every broker defaults to the namespace `submariner-k8s-broker`. Without
 * the Submariner CR (no broker info) the set is named after the clusters
 * whose Endpoints are synced here. The inspector replaces both with the MCS
 * `clusterset.k8s.io` ClusterProperty when the cluster has one.
 */
export function submarinerClusterSet(
  spec: SubmarinerFields | undefined,
  endpointClusterIds: string[],
): string {
  const host = brokerHost(spec?.brokerK8sApiServer);
  const namespace = spec?.brokerK8sRemoteNamespace;
  if (host && namespace) return `${host}/${namespace}`;
  return `submariner:${[...new Set(endpointClusterIds)].sort().join(',')}`;
}

/** The Submariner CR, the Gateways and the Endpoints; none when not installed. */
async function readSubmariner(client: KubernetesClient, signal: AbortSignal) {
  const [submariners, gateways, endpoints] = await Promise.all([
    listOrEmpty<SubmarinerObject>(
      client,
      {
        group: 'submariner.io',
        version: 'v1alpha1',
        plural: 'submariners',
        namespace: OPERATOR_NAMESPACE,
      },
      signal,
    ),
    listOrEmpty<GatewayObject>(
      client,
      { group: 'submariner.io', version: 'v1', plural: 'gateways' },
      signal,
    ),
    listOrEmpty<EndpointObject>(
      client,
      { group: 'submariner.io', version: 'v1', plural: 'endpoints' },
      signal,
    ),
  ]);
  return { submariners, gateways, endpoints };
}

/** Each gateway's state and the active ones' connections, and the peers connected. */
function gatewayEvidence(gateways: GatewayObject[]) {
  const evidence: string[] = [];
  const connectedTo: string[] = [];
  for (const gateway of gateways) {
    const name = gateway?.metadata?.name;
    const haStatus = gateway?.status?.haStatus ?? 'unknown';
    evidence.push(`Submariner Gateway ${name} is ${haStatus}`);
    if (haStatus !== 'active') continue;
    for (const connection of gateway.status?.connections ?? []) {
      const peer = connection?.endpoint?.cluster_id;
      if (!peer) continue;
      if (connection.status === 'connected') {
        connectedTo.push(peer);
        const rtt = connection.latencyRTT?.average;
        evidence.push(
          `connected to ${peer}${rtt ? ` (average RTT ${rtt})` : ''}`,
        );
      } else {
        evidence.push(
          `connection to ${peer} is ${connection.status}${
            connection.statusMessage ? `: ${connection.statusMessage}` : ''
          }`,
        );
      }
    }
  }
  return { evidence, connectedTo };
}

/** The Lighthouse agent's readiness (service discovery), when it runs. */
async function lighthouseEvidence(
  client: KubernetesClient,
  namespace: string,
  signal: AbortSignal,
): Promise<string[]> {
  const agents = await client.listWorkloads(
    'Deployment',
    { namespace, labelSelector: LIGHTHOUSE_AGENT_SELECTOR },
    { signal },
  );
  const agent = agents[0];
  return agent
    ? [
        `Lighthouse agent ${agent.status?.readyReplicas ?? 0}/${
          agent.spec?.replicas ?? 1
        } ready (service discovery)`,
      ]
    : [];
}

/** The gateway's readiness: the active Gateway without a failure. */
function gatewayState(
  active: GatewayObject | undefined,
): FabricMembership['gateway'] {
  const message = active
    ? active.status?.statusFailure || undefined
    : 'no active Submariner Gateway';
  return {
    ready: active !== undefined && !active.status?.statusFailure,
    ...(message === undefined ? {} : { message }),
  };
}

/** The pod and service CIDRs the Submariner CR names, if any. */
function submarinerNetworks(
  spec: SubmarinerFields,
  status: SubmarinerFields,
): ClusterNetworks | undefined {
  const podCidrs = cidrList(status.clusterCIDR || spec.clusterCIDR);
  const serviceCidrs = cidrList(status.serviceCIDR || spec.serviceCIDR);
  if (podCidrs.length === 0 && serviceCidrs.length === 0) return undefined;
  return { podCidrs, serviceCidrs, detectedVia: 'api' };
}

/**
 * Submariner: the operator's Submariner CR (cluster id, CIDRs, Globalnet,
 * broker), the Gateways (active gateway, connections to peers), the
 * Endpoints synced from the broker, and Lighthouse (service discovery).
 * Only the named spec fields are read; the CR may hold the broker token and
 * the IPsec PSK, which are never kept.
 */
export class SubmarinerDetector implements ConnectivityDetector {
  readonly id = 'submariner';

  async detect(
    client: KubernetesClient,
    { signal }: { signal: AbortSignal },
  ): Promise<DetectorResult> {
    const { submariners, gateways, endpoints } = await readSubmariner(
      client,
      signal,
    );
    if (submariners.length === 0 && gateways.length === 0) return {};

    const cr = submariners[0];
    const spec: SubmarinerFields = cr?.spec ?? {};
    const status: SubmarinerFields = cr?.status ?? {};
    const evidence: string[] = [];
    const errors: string[] = [];
    const active = gateways.find(g => g?.status?.haStatus === 'active');
    const clusterId: string | undefined =
      status.clusterID ||
      spec.clusterID ||
      active?.status?.localEndpoint?.cluster_id ||
      undefined;
    const globalCidr: string | undefined =
      status.globalCIDR || spec.globalCIDR || undefined;

    if (cr) {
      evidence.push(
        `Submariner ${cr.metadata?.namespace}/${
          cr.metadata?.name
        } joins broker namespace ${
          spec.brokerK8sRemoteNamespace ?? '(unknown)'
        }`,
      );
    }
    if (globalCidr) evidence.push(`Globalnet CIDR ${globalCidr}`);
    const gatewaysSeen = gatewayEvidence(gateways);
    evidence.push(...gatewaysSeen.evidence);

    const endpointClusterIds: string[] = endpoints
      .map(e => e?.spec?.cluster_id)
      .filter((id): id is string => typeof id === 'string' && id.length > 0);
    if (endpointClusterIds.length > 0) {
      evidence.push(
        `Endpoints of ${[...new Set(endpointClusterIds)].sort().join(', ')}`,
      );
    }
    try {
      evidence.push(
        ...(await lighthouseEvidence(
          client,
          spec.namespace || OPERATOR_NAMESPACE,
          signal,
        )),
      );
    } catch (error) {
      errors.push(describeDetectorError(this.id, error));
    }

    const fabric: FabricMembership = {
      kind: 'submariner',
      clusterSet: submarinerClusterSet(spec, [
        ...endpointClusterIds,
        ...(clusterId ? [clusterId] : []),
      ]),
      clusterId,
      detectedVia: 'api',
      globalnet: Boolean(globalCidr),
      connectedTo: [...new Set(gatewaysSeen.connectedTo)].sort(),
      gateway: gatewayState(active),
      evidence,
    };
    const result: DetectorResult = { fabrics: [fabric] };
    const networks = submarinerNetworks(spec, status);
    if (networks) result.networks = networks;
    if (errors.length > 0) result.errors = errors;
    return result;
  }
}
