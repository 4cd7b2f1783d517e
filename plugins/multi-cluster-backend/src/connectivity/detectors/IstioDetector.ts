import { type V1Service } from '@kubernetes/client-node';
import { parseYamlDocument } from '@flotilla/plugin-multi-cluster-common';
import type { FabricMembership } from '@flotilla/plugin-multi-cluster-common';
import { type KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { describeDetectorError } from './errors';
import type { ConnectivityDetector, DetectorResult } from './types';

/** The parts of Istio's mesh config that are read; anything may be missing or of another type. */
interface MeshConfig {
  defaultConfig?: { meshId?: unknown };
  trustDomain?: unknown;
}

const stringOrUndefined = (value: unknown) =>
  typeof value === 'string' && value ? value : undefined;

const ISTIO_NAMESPACE = 'istio-system';
/** Label and annotation `istioctl create-remote-secret` puts on a remote secret. */
const REMOTE_SECRET_SELECTOR = 'istio/multiCluster=true';
const REMOTE_CLUSTER_ANNOTATION = 'networking.istio.io/cluster';
const REMOTE_SECRET_PREFIX = 'istio-remote-secret-';
const EAST_WEST_SELECTOR = 'istio=eastwestgateway';
const NETWORK_LABEL = 'topology.istio.io/network';

/** An east-west gateway is usable once other networks can reach it. */
export function gatewayReachable(service: V1Service): boolean {
  if (service.spec?.type === 'LoadBalancer') {
    return (service.status?.loadBalancer?.ingress ?? []).some(
      i => i.ip || i.hostname,
    );
  }
  return (
    service.spec?.type === 'NodePort' ||
    (service.spec?.externalIPs ?? []).length > 0
  );
}

/** The mesh config in the `istio` ConfigMap; its parse error, if any. */
function parseMeshConfig(mesh: string | undefined): {
  meshConfig: MeshConfig;
  error?: string;
} {
  if (!mesh) return { meshConfig: {} };
  try {
    const parsed = parseYamlDocument(mesh);
    return {
      meshConfig:
        typeof parsed === 'object' && parsed !== null
          ? (parsed as MeshConfig)
          : {},
    };
  } catch (error) {
    return {
      meshConfig: {},
      error: `ConfigMap ${ISTIO_NAMESPACE}/istio key mesh is not valid YAML: ${
        (error as Error).message
      }`,
    };
  }
}

/** The clusters the remote secrets name, sorted. */
function remoteClusters(
  remoteSecrets: Awaited<ReturnType<KubernetesClient['listSecretMetadata']>>,
): string[] {
  return remoteSecrets
    .map(
      secret =>
        secret.annotations?.[REMOTE_CLUSTER_ANNOTATION] ??
        secret.name?.replace(REMOTE_SECRET_PREFIX, ''),
    )
    .filter((name): name is string => Boolean(name))
    .sort();
}

/** The east-west gateway's readiness, and the evidence for it. */
function eastWestGateway(gateways: V1Service[]): {
  gateway: FabricMembership['gateway'];
  evidence: string;
} {
  const reachable = gateways.find(gatewayReachable);
  const name = (reachable ?? gateways[0]).metadata?.name;
  return {
    gateway: reachable
      ? { ready: true }
      : {
          ready: false,
          message: `east-west gateway ${name} has no external address`,
        },
    evidence: `east-west gateway ${name} ${
      reachable ? 'has an external address' : 'has no external address'
    }`,
  };
}

/**
 * Istio multi-cluster: remote secrets (metadata only: they hold kubeconfigs
 * of other clusters), the east-west gateway, the mesh id and this
 * cluster's network. The cluster set is the mesh id; like Istio, a mesh
 * without `meshId` uses its trust domain (default `cluster.local`). A
 * single-cluster Istio (no remote secret, no east-west gateway) is no
 * fabric.
 */
export class IstioDetector implements ConnectivityDetector {
  readonly id = 'istio';

  async detect(
    client: KubernetesClient,
    { signal }: { signal: AbortSignal },
  ): Promise<DetectorResult> {
    const [mesh, remoteSecrets, gateways] = await Promise.all([
      client.getConfigMap(
        { namespace: ISTIO_NAMESPACE, name: 'istio' },
        { signal },
      ),
      client.listSecretMetadata(ISTIO_NAMESPACE, REMOTE_SECRET_SELECTOR, {
        signal,
      }),
      client.listServices(
        { namespace: ISTIO_NAMESPACE, labelSelector: EAST_WEST_SELECTOR },
        { signal },
      ),
    ]);
    if (remoteSecrets.length === 0 && gateways.length === 0) return {};

    const errors: string[] = [];
    const evidence: string[] = [];
    const { meshConfig, error } = parseMeshConfig(mesh?.data?.mesh);
    if (error) errors.push(`${this.id}: ${error}`);
    const meshId = stringOrUndefined(meshConfig.defaultConfig?.meshId);
    const trustDomain =
      stringOrUndefined(meshConfig.trustDomain) || 'cluster.local';
    evidence.push(
      meshId
        ? `Istio mesh id ${meshId}`
        : `Istio mesh id not set; Istio uses the trust domain ${trustDomain}`,
    );
    for (const remote of remoteClusters(remoteSecrets)) {
      // Configured peers, not proof of a live connection: evidence only.
      evidence.push(`remote secret for cluster ${remote}`);
    }

    let network: string | undefined;
    try {
      const namespace = await client.getNamespaceMetadata(ISTIO_NAMESPACE, {
        signal,
      });
      network = namespace?.labels?.[NETWORK_LABEL];
    } catch (e) {
      errors.push(describeDetectorError(this.id, e));
    }
    network ??= gateways[0]?.metadata?.labels?.[NETWORK_LABEL];
    if (network) evidence.push(`network ${network}`);

    let gateway: FabricMembership['gateway'];
    if (gateways.length > 0) {
      const eastWest = eastWestGateway(gateways);
      gateway = eastWest.gateway;
      evidence.push(eastWest.evidence);
    }

    const fabric: FabricMembership = {
      kind: 'istio',
      clusterSet: meshId || trustDomain,
      detectedVia: 'api',
      evidence,
      ...(gateway ? { gateway } : {}),
    };
    return { fabrics: [fabric], ...(errors.length > 0 ? { errors } : {}) };
  }
}
