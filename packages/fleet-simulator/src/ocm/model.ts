/**
 * The Open Cluster Management hub as the simulator plays it: its resource
 * types, the well-known labels and claims, which members it manages and how
 * they are labelled (see scripts/fleet/clusters.js for the choice).
 */
import type { FleetClusterDescription, FleetDescription } from '../fleet';

/** A custom resource type of the hub, addressed as its storage version. */
export interface OcmType {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
}

const CLUSTER_GROUP = 'cluster.open-cluster-management.io';

export const TYPES = {
  managedCluster: {
    group: CLUSTER_GROUP,
    version: 'v1',
    plural: 'managedclusters',
    kind: 'ManagedCluster',
    namespaced: false,
  },
  managedClusterSet: {
    group: CLUSTER_GROUP,
    version: 'v1beta2',
    plural: 'managedclustersets',
    kind: 'ManagedClusterSet',
    namespaced: false,
  },
  managedClusterSetBinding: {
    group: CLUSTER_GROUP,
    version: 'v1beta2',
    plural: 'managedclustersetbindings',
    kind: 'ManagedClusterSetBinding',
    namespaced: true,
  },
  placement: {
    group: CLUSTER_GROUP,
    version: 'v1beta1',
    plural: 'placements',
    kind: 'Placement',
    namespaced: true,
  },
  placementDecision: {
    group: CLUSTER_GROUP,
    version: 'v1beta1',
    plural: 'placementdecisions',
    kind: 'PlacementDecision',
    namespaced: true,
  },
} satisfies Record<string, OcmType>;

export const apiVersionOf = (t: OcmType) => `${t.group}/${t.version}`;

export const LABELS = {
  /** The exclusive cluster set a ManagedCluster belongs to. */
  clusterSet: 'cluster.open-cluster-management.io/clusterset',
  /** On a PlacementDecision: the Placement it answers. */
  placement: 'cluster.open-cluster-management.io/placement',
  decisionGroupIndex: 'cluster.open-cluster-management.io/decision-group-index',
  decisionGroupName: 'cluster.open-cluster-management.io/decision-group-name',
  /** The catalog's `backstage.io/kubernetes-id`, on the Placement. */
  kubernetesId: 'backstage.io/kubernetes-id',
};

/** The claims the klusterlet reports (`status.clusterClaims`). */
export const CLAIMS = {
  id: 'id.k8s.io',
  platform: 'platform.open-cluster-management.io',
  region: 'region.open-cluster-management.io',
  kubeVersion: 'kubeversion.open-cluster-management.io',
};

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
}

export interface ClusterClaim {
  name: string;
  value: string;
}

export interface ManagedClusterStatus {
  version?: { kubernetes?: string };
  capacity?: Record<string, string>;
  allocatable?: Record<string, string>;
  clusterClaims?: ClusterClaim[];
  conditions?: Condition[];
}

/** The hub's API server in this fleet, if it runs one. */
export function ocmHub(
  fleet: FleetDescription,
): FleetClusterDescription | undefined {
  return fleet.clusters.find(c => c.kind === 'ocm');
}

/** The members this fleet's hub manages. */
export function managedMembers(
  fleet: FleetDescription,
): FleetClusterDescription[] {
  return fleet.clusters.filter(c => c.kind === 'member' && c.ocmManaged);
}

/** `prod`, `staging` or `dev`: the first word of the fleet's cluster names. */
export function environmentOf(clusterName: string): string {
  return clusterName.split('-')[0];
}

/** What OCM's cluster claims and labels call the providers. */
const PROVIDERS: Record<
  string,
  { cloud: string; vendor: string; platform: string }
> = {
  aws: { cloud: 'Amazon', vendor: 'EKS', platform: 'AWS' },
  gcp: { cloud: 'Google', vendor: 'GKE', platform: 'GCP' },
  azure: { cloud: 'Azure', vendor: 'AKS', platform: 'Azure' },
};

export function providerNames(provider: string | undefined) {
  return (
    PROVIDERS[provider ?? ''] ?? {
      cloud: 'Other',
      vendor: 'Other',
      platform: 'Other',
    }
  );
}

/** The labels a platform team (and OCM's own `name` label) puts on the ManagedCluster. */
export function managedClusterLabels(
  member: FleetClusterDescription,
): Record<string, string> {
  const names = providerNames(member.provider);
  return {
    name: member.name,
    cloud: names.cloud,
    vendor: names.vendor,
    region: member.region ?? 'unknown',
    environment: environmentOf(member.name),
    [LABELS.clusterSet]: environmentOf(member.name),
  };
}

/** The platform claim from a Node's providerID, as the klusterlet derives it. */
export function platformOfProviderId(providerId: string | undefined) {
  if (!providerId) return undefined;
  if (providerId.startsWith('aws://')) return 'AWS';
  if (providerId.startsWith('gce://')) return 'GCP';
  if (providerId.startsWith('azure://')) return 'Azure';
  return undefined;
}
