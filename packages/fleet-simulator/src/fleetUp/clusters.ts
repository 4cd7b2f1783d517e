// The clusters of the local fleet: the Karmada control plane, the Cluster API
// management cluster and ten members across three regions and three
// providers, named as the catalog (examples/fleet/clusters.yaml) names them.
// `crds` names folders of packages/upstream-crds/crds installed into that
// cluster (only what it needs: each CRD costs API server memory). `access`
// is how Flotilla reaches a member: through the Karmada cluster proxy (the
// simulator registers it in Karmada), through its Cluster API
// `<name>-kubeconfig` Secret, or directly from the kubernetes config. Every
// member is a Cluster API workload cluster.
//
// The Open Cluster Management hub (`ocm-hub`, last in the list so that adding
// it kept every other cluster's ports) manages the five `karmada-proxy`
// members and the two `direct` ones (`ocmManaged`), not the three reached
// through Cluster API kubeconfigs: seven members are then known to two
// sources (OCM and Karmada, or OCM and the kubernetes config), three to one,
// which is what the inventory's merge rules must handle. The simulator
// registers each as a ManagedCluster (packages/fleet-simulator/src/ocm).
import type { FleetClusterDescription, MemberAccess } from '../fleet';

/** A cluster of the fleet as fleet.json describes it, and the CRDs it gets. */
export type FleetCluster = Pick<
  FleetClusterDescription,
  'name' | 'kind' | 'role' | 'region' | 'provider' | 'access' | 'ocmManaged'
> & {
  /** Folders of packages/upstream-crds/crds installed into the cluster. */
  crds: string[];
};

const member = (
  name: string,
  region: string,
  provider: string,
  access: MemberAccess,
  extraCrds: string[] = [],
): FleetCluster => ({
  name,
  kind: 'member',
  role: `member (${region}, ${provider}, ${access})`,
  region,
  provider,
  access,
  ocmManaged: access !== 'capi-kubeconfig',
  // Velero runs on the production members: their backups are what a
  // failover's state-restore step restores from.
  crds: [
    'mcs-api',
    ...(name.startsWith('prod-') ? ['velero'] : []),
    ...extraCrds,
  ],
});

export const FLEET: FleetCluster[] = [
  {
    name: 'karmada',
    kind: 'karmada',
    role: 'Karmada control plane',
    crds: ['karmada'],
  },
  {
    name: 'capi',
    kind: 'capi',
    role: 'Cluster API management cluster, Argo CD, Flux and Fleet',
    crds: [
      'cluster-api',
      'cluster-api-provider-aws',
      'cluster-api-provider-gcp',
      'cluster-api-provider-azure',
      'argo-cd',
      'fleet',
      'flux',
    ],
  },
  member('prod-eu-west-aws-1', 'eu-west', 'aws', 'karmada-proxy'),
  member('prod-eu-west-gcp-1', 'eu-west', 'gcp', 'karmada-proxy'),
  member('prod-eu-west-azure-1', 'eu-west', 'azure', 'karmada-proxy'),
  // external-dns runs here: the demo's DNSEndpoints (scenario dnsEndpoints).
  member('prod-us-east-aws-1', 'us-east', 'aws', 'karmada-proxy', [
    'external-dns',
  ]),
  member('prod-ap-southeast-gcp-1', 'ap-southeast', 'gcp', 'karmada-proxy'),
  member('prod-us-east-azure-1', 'us-east', 'azure', 'capi-kubeconfig'),
  member('prod-us-east-aws-gpu-1', 'us-east', 'aws', 'capi-kubeconfig'),
  member('staging-us-east-gcp-1', 'us-east', 'gcp', 'capi-kubeconfig'),
  member('staging-eu-west-aws-1', 'eu-west', 'aws', 'direct'),
  member('dev-eu-west-aws-1', 'eu-west', 'aws', 'direct'),
  {
    name: 'ocm-hub',
    kind: 'ocm',
    role: 'Open Cluster Management hub',
    crds: ['ocm'],
  },
];

/** A cluster with its place in the whole FLEET list (its ports follow it). */
export interface PlacedCluster {
  cluster: FleetCluster;
  index: number;
}
