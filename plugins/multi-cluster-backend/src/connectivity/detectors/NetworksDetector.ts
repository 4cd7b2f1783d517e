import { parseYamlDocument } from '@flotilla/plugin-multi-cluster-common';
import { type KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import type { ConnectivityDetector, DetectorResult } from './types';

function splitCidrs(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map(cidr => cidr.trim())
        .filter(Boolean)
    : [];
}

/**
 * Pod and service networks: kubeadm's ClusterConfiguration (`networking.
 * podSubnet` / `serviceSubnet`, comma-separated when dual-stack) when the
 * cluster was built by kubeadm, otherwise the Nodes' `spec.podCIDRs` (the
 * service range is not visible through the API then). Node ranges are
 * per-node slices of the pod network; their union is what an overlap check
 * between clusters needs.
 */
export class NetworksDetector implements ConnectivityDetector {
  readonly id = 'networks';

  async detect(
    client: KubernetesClient,
    { signal }: { signal: AbortSignal },
  ): Promise<DetectorResult> {
    const kubeadm = await client.getConfigMap(
      { namespace: 'kube-system', name: 'kubeadm-config' },
      { signal },
    );
    const text = kubeadm?.data?.ClusterConfiguration;
    if (text) {
      let config: { networking?: Record<string, unknown> } | undefined;
      try {
        const parsed = parseYamlDocument(text);
        config =
          typeof parsed === 'object' && parsed !== null
            ? (parsed as { networking?: Record<string, unknown> })
            : undefined;
      } catch (error) {
        throw new Error(
          `kube-system/kubeadm-config ClusterConfiguration is not valid YAML: ${
            (error as Error).message
          }`,
        );
      }
      const podCidrs = splitCidrs(config?.networking?.podSubnet);
      const serviceCidrs = splitCidrs(config?.networking?.serviceSubnet);
      if (podCidrs.length > 0 || serviceCidrs.length > 0) {
        return { networks: { podCidrs, serviceCidrs, detectedVia: 'api' } };
      }
    }
    const nodes = await client.listNodes({}, { signal });
    const podCidrs = [
      ...new Set(
        nodes.flatMap(
          node =>
            node.spec?.podCIDRs ??
            (node.spec?.podCIDR ? [node.spec.podCIDR] : []),
        ),
      ),
    ].sort();
    return podCidrs.length > 0
      ? { networks: { podCidrs, serviceCidrs: [], detectedVia: 'api' } }
      : {};
  }
}
