/**
 * The simulated fleet's contents: `scenario/fleet.yaml`, read by
 * `loadScenario()` (the seeding work owns both). Every cluster name must be a
 * member of the fleet (`.fleet/fleet.json`).
 */
export interface Scenario {
  clusters: ScenarioCluster[];
  workloads: ScenarioWorkload[];
  addons: ScenarioAddon[];
}

export interface ScenarioCluster {
  name: string;
  /** The version its Nodes' kubelets and its CAPI objects report, e.g. v1.31.4. */
  kubernetesVersion: string;
  zones: string[];
  /** Allocatable of each Node (one Node per Machine). */
  nodeAllocatable: Record<string, string>;
  machineDeployments: Array<{ name: string; replicas: number }>;
  taints?: Array<{ key: string; value?: string; effect: string }>;
  podCidrs?: string[];
  serviceCidrs?: string[];
  fabrics?: Array<{
    kind: 'istio' | 'cilium-clustermesh' | 'mcs';
    clusterSet: string;
    clusterId: string;
    connectedTo?: string[];
  }>;
  /** `namespace/name` of Services exported with MCS ServiceExports. */
  serviceExports?: string[];
  virtualNodes?: Array<{
    name: string;
    kind: 'liqo' | 'admiralty';
    peer: string;
    allocatable: Record<string, string>;
  }>;
}

export interface ScenarioWorkload {
  /** The `backstage.io/kubernetes-id` label of its Deployment. */
  kubernetesId: string;
  namespace: string;
  /**
   * Replicas per cluster. When every cluster named is a Karmada member, the
   * workload is a Karmada resource template with a PropagationPolicy (static
   * weights in these proportions); otherwise its Deployments are created in
   * each member directly.
   */
  replicas: Record<string, number>;
  /** Requests of one replica. */
  requests?: Record<string, string>;
}

export interface ScenarioAddon {
  name: string;
  category: string;
  delivery:
    | 'argocd-applicationset'
    | 'fleet-gitrepo'
    | 'karmada-clusterpropagationpolicy';
  source: string;
  desiredRevision?: string;
  clusters: Record<
    string,
    { state: 'in-sync' | 'drifted' | 'missing' | 'unknown'; revision?: string }
  >;
}
