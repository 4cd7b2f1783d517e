import { parseResourceList, type ResourceList } from '../quantity/resourceList';

/**
 * Annotation and label keys Flotilla reads from catalog entities. All live
 * under one prefix so adopters can see at a glance what belongs to Flotilla.
 *
 * @public
 */
export const FLOTILLA_ANNOTATION_PREFIX = 'flotilla.io/';

/** Keys on a service (Component) entity. @public */
export const SERVICE_ANNOTATIONS = {
  /** active-active | active-passive-warm | active-passive-cold | backup-restore */
  drStrategy: 'flotilla.io/dr-strategy',
  /** Recovery time objective, e.g. `30s`, `15m`, `4h`, `PT15M`. */
  rto: 'flotilla.io/rto',
  /** Recovery point objective, same syntax as the RTO. */
  rpo: 'flotilla.io/rpo',
  /** Desired total replicas across the fleet. */
  replicas: 'flotilla.io/replicas',
  /** A Karmada PropagationPolicy `spec.placement`, as YAML or JSON. */
  placement: 'flotilla.io/placement',
  primaryCluster: 'flotilla.io/primary-cluster',
  standbyCluster: 'flotilla.io/standby-cluster',
  /** Per-replica resource requests, e.g. `cpu=500m,memory=1Gi`. */
  resourceRequest: 'flotilla.io/resource-request',
  /** Placement advice: comma-separated user regions (the latency matrix's), e.g. `eu-west,us-east`. */
  userRegions: 'flotilla.io/user-regions',
  /** Placement advice: comma-separated jurisdictions the data may live in, e.g. `eu`. */
  dataResidency: 'flotilla.io/data-residency',
  /** Placement advice: comma-separated attestations every cluster must hold, e.g. `pci-dss`. */
  requiredCompliance: 'flotilla.io/required-compliance',
  /** Placement advice: the placement spans at least this many regions. */
  minRegions: 'flotilla.io/min-regions',
  /** Placement advice: ceiling on the placement's compute cost per hour. */
  maxCostPerHour: 'flotilla.io/max-cost-per-hour',
  /** Placement advice: comma-separated GPU models (Node label `nvidia.com/gpu.product`). */
  gpuModels: 'flotilla.io/gpu-models',
  /** Recovery priority: `0` is the most critical; lower tiers are re-placed first. */
  drTier: 'flotilla.io/dr-tier',
  /** Fewest replicas the service may run with (its quorum) after a loss. */
  minReplicas: 'flotilla.io/min-replicas',
  /** `manual` (default: notify and propose) or `automatic` failover on detection. */
  failoverPolicy: 'flotilla.io/failover-policy',
  /** How long a cluster must be failing before detection acts (default 300s). */
  failoverToleration: 'flotilla.io/failover-toleration',
  /** The Argo CD application that deploys the service, synced on failover. */
  argocdApp: 'flotilla.io/argocd-app',
  /** `namespace/name` of the Flux Kustomization that deploys the service, suspended during a failover. */
  fluxKustomization: 'flotilla.io/flux-kustomization',
  /** After a verified failover: `resume` (default) the paused GitOps sync, or `leave-paused`. */
  gitopsAfterFailover: 'flotilla.io/gitops-after-failover',
  /** Name of the configured traffic provider (`multiCluster.traffic.providers[].name`) that routes the service's users. */
  trafficProvider: 'flotilla.io/traffic-provider',
  /** The provider's record for the service (a DNSEndpoint `namespace/name`, a DNS name, an accelerator's endpoint group, a load balancer). */
  trafficRecord: 'flotilla.io/traffic-record',
  /** URL template of the service's health endpoint on one cluster; `{cluster}`, `{region}` and a leading `{fleet}` are replaced. */
  healthProbe: 'flotilla.io/health-probe',
  /** Comma-separated names of the service's stateful parts: each a Velero Schedule whose latest completed Backup is restored on failover. */
  statefulParts: 'flotilla.io/stateful-parts',
  /** The kubernetes plugin's annotation naming the service's workloads. */
  kubernetesId: 'backstage.io/kubernetes-id',
  /** The kubernetes plugin's namespace of the service's workloads. */
  kubernetesNamespace: 'backstage.io/kubernetes-namespace',
  /** The kubernetes plugin's label selector of the service's workloads. */
  kubernetesLabelSelector: 'backstage.io/kubernetes-label-selector',
  /** Comma-separated `namespace/name` of the MCS services the service exports. */
  serviceExports: 'flotilla.io/service-exports',
  /** On the OverridePolicy Flotilla writes for the service: the failover run that last changed it. */
  failoverRun: 'flotilla.io/failover-run',
} as const;

/** Keys on a kubernetes-cluster Resource entity (labels or annotations). @public */
export const CLUSTER_ANNOTATIONS = {
  environment: 'flotilla.io/environment',
  region: 'flotilla.io/region',
  provider: 'flotilla.io/provider',
  tenant: 'flotilla.io/tenant',
  workloadClass: 'flotilla.io/workload-class',
  /** Comma-separated zones. */
  zones: 'flotilla.io/zones',
  /** Allocatable capacity, e.g. `cpu=64,memory=256Gi,pods=880,nvidia.com/gpu=8`. */
  capacity: 'flotilla.io/capacity',
  costPerCpuHour: 'flotilla.io/cost-per-cpu-hour',
  /** Legal jurisdiction of the data the cluster stores, e.g. `eu`, `us`. */
  jurisdiction: 'flotilla.io/jurisdiction',
  /** Comma-separated compliance attestations, e.g. `pci-dss,soc2`. */
  compliance: 'flotilla.io/compliance',
  /** The Cluster API management cluster that manages the cluster. */
  managementCluster: 'flotilla.io/management-cluster',
  /** `namespace/name` of the Cluster API Cluster on its management cluster. */
  capiCluster: 'flotilla.io/capi-cluster',
  /** Comma-separated cluster sets the cluster belongs to, when no fabric API shows it. */
  clusterSets: 'flotilla.io/cluster-sets',
  /** Comma-separated fabrics, e.g. `submariner,istio` (see FabricKind). */
  fabrics: 'flotilla.io/fabrics',
  /** Comma-separated pod CIDRs. */
  podCidrs: 'flotilla.io/pod-cidrs',
  /** Comma-separated service CIDRs. */
  serviceCidrs: 'flotilla.io/service-cidrs',
  /** `true` when the fabric translates overlapping CIDRs (Submariner Globalnet). */
  globalnet: 'flotilla.io/globalnet',
} as const;

/**
 * Parses `key=value,key=value` (the capacity and resource-request
 * annotations). Throws on a malformed pair so a typo is not silently dropped.
 *
 * @public
 */
export function parseKeyValueList(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rawPair of text.split(',')) {
    const pair = rawPair.trim();
    if (!pair) continue;
    const separator = pair.indexOf('=');
    if (separator <= 0 || separator === pair.length - 1) {
      throw new Error(`expected key=value, got '${pair}'`);
    }
    const key = pair.slice(0, separator).trim();
    // Assigning '__proto__' would replace the prototype, not add a key.
    if (key === '__proto__') throw new Error(`key '__proto__' is not allowed`);
    result[key] = pair.slice(separator + 1).trim();
  }
  return result;
}

/**
 * Parses a resource list annotation (`cpu=500m,memory=1Gi`): every key a
 * Kubernetes resource name, every value a quantity (not negative with
 * `requests`). Throws `QuantityError` naming the first bad entry, e.g.
 * `cpu: quantities must match ...`.
 *
 * @public
 */
export function parseResourceListAnnotation(
  text: string,
  options: { requests?: boolean } = {},
): ResourceList {
  return parseResourceList(parseKeyValueList(text), undefined, options);
}
