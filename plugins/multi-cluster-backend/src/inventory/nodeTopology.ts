import { CLUSTER_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';
import type { V1Node } from '@kubernetes/client-node';
import { toVirtualNode } from '../connectivity/detectors/VirtualNodeDetector';
import {
  type KubernetesClient,
  withShortLabels,
  ClusterRecord,
} from '@flotilla/plugin-multi-cluster-node';

/** Where a cluster runs, as its Nodes say. */
export interface NodeTopology {
  region?: string;
  zones?: string[];
  provider?: string;
}

const REGION_LABELS = [
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/region',
];
const ZONE_LABELS = [
  'topology.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/zone',
];

/**
 * The `spec.providerID` schemes of the cloud controller managers, as
 * Flotilla's provider names (the ones CAPI infrastructure kinds map to).
 */
const PROVIDER_ID_SCHEMES: Record<string, string> = {
  aws: 'aws',
  gce: 'gcp',
  azure: 'azure',
  openstack: 'openstack',
  vsphere: 'vsphere',
  hcloud: 'hetzner',
  oci: 'oci',
  digitalocean: 'digitalocean',
  ibm: 'ibm',
};

function firstLabel(node: V1Node, keys: string[]): string | undefined {
  const labels = node.metadata?.labels ?? {};
  for (const key of keys) {
    const value = labels[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

function providerOf(node: V1Node): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\//i.exec(node.spec?.providerID ?? '');
  return match ? PROVIDER_ID_SCHEMES[match[1].toLowerCase()] : undefined;
}

/** The value most nodes carry (ties: alphabetical first), so one odd node does not decide. */
function mostCommon(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) {
    if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  )[0]?.[0];
}

/**
 * Region, zones and provider from the cluster's own Nodes (well-known
 * topology labels, `spec.providerID` scheme). Liqo and Admiralty virtual
 * nodes stand for other clusters and are left out.
 */
export function topologyFromNodes(nodes: V1Node[]): NodeTopology {
  const own = nodes.filter(n => !toVirtualNode(n));
  const zones = [
    ...new Set(own.flatMap(n => firstLabel(n, ZONE_LABELS) ?? [])),
  ].sort();
  const topology: NodeTopology = {};
  const region = mostCommon(own.map(n => firstLabel(n, REGION_LABELS)));
  const provider = mostCommon(own.map(providerOf));
  if (region) topology.region = region;
  if (zones.length) topology.zones = zones;
  if (provider) topology.provider = provider;
  return topology;
}

/** Lists the cluster's Nodes and reads their topology. */
export async function readNodeTopology(
  client: KubernetesClient,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<NodeTopology> {
  return topologyFromNodes(await client.listNodes({}, options));
}

/**
 * Adds what the Nodes show to a record whose source declares none of it
 * (a cluster from the kubernetes config): typed fields plus the Flotilla
 * segmentation labels (`flotilla.io/region`, `region`, ...) that placement
 * and filters read. A value the record already declares is kept.
 */
export function withNodeTopology(
  record: ClusterRecord,
  topology: NodeTopology,
): ClusterRecord {
  const fields = { ...record.fields };
  const labels: Record<string, string> = { ...fields.labels };
  if (!fields.region && topology.region) {
    fields.region = topology.region;
    labels[CLUSTER_ANNOTATIONS.region] ??= topology.region;
  }
  if (!fields.zones?.length && topology.zones) {
    fields.zones = topology.zones;
    labels[CLUSTER_ANNOTATIONS.zones] ??= topology.zones.join(',');
  }
  if (!fields.provider && topology.provider) {
    fields.provider = topology.provider;
    labels[CLUSTER_ANNOTATIONS.provider] ??= topology.provider;
  }
  fields.labels = withShortLabels(labels, fields);
  return { ...record, fields };
}
