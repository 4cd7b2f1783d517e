import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { FleetDescription } from './fleet';
import { readCluster } from './scenarioRead/cluster';
import {
  readVeleroSchedules,
  type ScenarioVeleroSchedule,
} from './scenarioRead/velero';
import {
  ADDON_STATES,
  count,
  DELIVERIES,
  DNS_LABEL,
  fail,
  Json,
  list,
  object,
  oneOf,
  only,
  resources,
  ScenarioError,
  string,
} from './scenarioRead/primitives';

/**
 * The simulated fleet's contents: `scenario/fleet.yaml`, read by
 * `loadScenario()` (the seeding work owns both). Every cluster name must be a
 * member of the fleet (`.fleet/fleet.json`).
 */
export interface Scenario {
  clusters: ScenarioCluster[];
  workloads: ScenarioWorkload[];
  addons: ScenarioAddon[];
  /** Velero Schedules and the Backups they made (src/velero). */
  veleroSchedules?: ScenarioVeleroSchedule[];
}

export type { ScenarioVeleroSchedule };

export type FabricKind = 'istio' | 'cilium-clustermesh' | 'mcs';

export interface ScenarioFabric {
  kind: FabricKind;
  clusterSet: string;
  /** The cluster's id in the fabric (Cilium cluster name, MCS cluster id). */
  clusterId: string;
  /** Peers by their id in the fabric (Istio: remote secrets; Cilium: the clustermesh secret's keys). */
  connectedTo?: string[];
  /** False: the gateway (east-west gateway, clustermesh-apiserver) has no external address. Default true. */
  gatewayReady?: boolean;
}

export interface ScenarioMachineDeployment {
  name: string;
  replicas: number;
  /** Allocatable of each of its Nodes; the cluster's `nodeAllocatable` when absent. */
  nodeAllocatable?: Record<string, string>;
  /** `node.kubernetes.io/instance-type` of its Nodes; a provider default when absent. */
  instanceType?: string;
}

export interface ScenarioCluster {
  name: string;
  /** The version its Nodes' kubelets and its CAPI objects report, e.g. v1.31.4. */
  kubernetesVersion: string;
  zones: string[];
  /** Allocatable of each Node (one Node per Machine). */
  nodeAllocatable: Record<string, string>;
  machineDeployments: ScenarioMachineDeployment[];
  taints?: Array<{ key: string; value?: string; effect: string }>;
  podCidrs?: string[];
  serviceCidrs?: string[];
  fabrics?: ScenarioFabric[];
  /**
   * `namespace/name` of Services exported with MCS ServiceExports; a
   * `!invalid` suffix exports a Service that does not exist (Valid=False).
   */
  serviceExports?: string[];
  /**
   * The ClusterClass of a managed topology: its Cluster API Cluster gets
   * `spec.topology` (version, control plane and MachineDeployments by class)
   * and the topology controller moves its versions.
   */
  clusterClass?: string;
  /**
   * external-dns's DNSEndpoints on this cluster (where external-dns runs;
   * seeded when the cluster serves their CRD).
   */
  dnsEndpoints?: ScenarioDnsEndpoint[];
  /** OpenCost runs here, answering with these figures (faults/openCost.ts). */
  openCost?: { cpuCost: number; cpuCoreHours: number; ramCost?: number };
  virtualNodes?: Array<{
    name: string;
    kind: 'liqo' | 'admiralty';
    /** What the backend reports as the peer: Liqo's remote cluster id, Admiralty's (cluster) target. */
    peer: string;
    allocatable: Record<string, string>;
  }>;
}

/** A DNSEndpoint (externaldns.k8s.io/v1alpha1) as the scenario declares it. */
export interface ScenarioDnsEndpoint {
  /** `namespace/name`. */
  name: string;
  endpoints: Array<{
    dnsName: string;
    recordType: string;
    /** Weighted records: one per cluster, named after it. */
    setIdentifier?: string;
    targets: string[];
    /** The endpoint's `aws/weight` (0..255). */
    weight?: number;
  }>;
}

export interface ScenarioWorkload {
  /** The `backstage.io/kubernetes-id` label of its Deployment. */
  kubernetesId: string;
  namespace: string;
  /** Name of its Deployment; the kubernetesId when absent. */
  name?: string;
  /**
   * Replicas per cluster. When every cluster named is a Karmada member, the
   * workload is a Karmada resource template with a PropagationPolicy (static
   * weights in these proportions); otherwise its Deployments are created in
   * each member directly.
   */
  replicas: Record<string, number>;
  /** Requests of one replica. */
  requests?: Record<string, string>;
  /**
   * Karmada workloads only: clusters that hold it idle, active-passive as
   * Karmada users build it: the template Duplicated to the one active
   * cluster of `replicas` and these, and the service's own OverridePolicy
   * `<id>-active-passive` setting their replicas to 0.
   */
  passive?: string[];
}

export type AddonState = 'in-sync' | 'drifted' | 'missing' | 'unknown';

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
    { state: AddonState; revision?: string; message?: string }
  >;
}

/** The scenario shipped with the package. */
export const DEFAULT_SCENARIO_FILE = path.resolve(
  // Run from source by node (never bundled), like fleet.ts.
  // eslint-disable-next-line no-restricted-syntax
  __dirname,
  '..',
  'scenario',
  'fleet.yaml',
);

/**
 * Whether Karmada propagates the workload: every cluster it names is a
 * member reached through the Karmada cluster proxy. Otherwise (or when a
 * named cluster is not in this fleet) its Deployments are created in each
 * member directly. The Karmada seeding and the member seeding both use this
 * rule, so each workload is seeded exactly once.
 */
export function isKarmadaWorkload(
  workload: ScenarioWorkload,
  fleet: FleetDescription,
): boolean {
  const names = Object.keys(workload.replicas);
  return (
    names.length > 0 &&
    names.every(
      name =>
        fleet.clusters.find(c => c.name === name && c.kind === 'member')
          ?.access === 'karmada-proxy',
    )
  );
}

/** The Deployment name of a workload. */
export function workloadName(workload: ScenarioWorkload): string {
  return workload.name ?? workload.kubernetesId;
}

// ---------------------------------------------------------------------------// Validation: by hand, so every message names the entry and the field
// (scenarioRead/).

function readWorkload(
  value: Json,
  at: string,
  clusters: Set<string>,
): ScenarioWorkload {
  const w = object(value, at);
  const id = string(w.kubernetesId, `${at}.kubernetesId`, DNS_LABEL);
  const where = `workloads '${id}'`;
  only(
    w,
    ['kubernetesId', 'namespace', 'name', 'replicas', 'requests', 'passive'],
    where,
  );
  const replicas: Record<string, number> = {};
  for (const [cluster, n] of Object.entries(
    object(w.replicas, `${where}.replicas`),
  )) {
    if (!clusters.has(cluster)) {
      fail(
        `${where}.replicas`,
        `cluster '${cluster}' is not in the scenario's clusters`,
      );
    }
    replicas[cluster] = count(n, `${where}.replicas.${cluster}`);
  }
  if (Object.keys(replicas).length === 0)
    fail(`${where}.replicas`, 'names no cluster');
  const passive = readPassive(w.passive, where, clusters, replicas);
  return {
    kubernetesId: id,
    namespace: string(w.namespace, `${where}.namespace`, DNS_LABEL),
    ...(w.name !== undefined
      ? { name: string(w.name, `${where}.name`, DNS_LABEL) }
      : {}),
    replicas,
    ...(w.requests !== undefined
      ? { requests: resources(w.requests, `${where}.requests`) }
      : {}),
    ...(passive ? { passive } : {}),
  };
}

function readPassive(
  value: Json,
  where: string,
  clusters: Set<string>,
  replicas: Record<string, number>,
): string[] | undefined {
  if (value === undefined) return undefined;
  const passive = list(value, `${where}.passive`, (v, w) => {
    const name = string(v, w, DNS_LABEL);
    if (!clusters.has(name) || name in replicas)
      fail(w, `'${name}' is not a scenario cluster outside replicas`);
    return name;
  });
  if (Object.keys(replicas).length !== 1)
    fail(
      `${where}.replicas`,
      'an active-passive workload names one active cluster',
    );
  return passive;
}

function readAddon(
  value: Json,
  at: string,
  clusters: Set<string>,
): ScenarioAddon {
  const a = object(value, at);
  const name = string(a.name, `${at}.name`, DNS_LABEL);
  const where = `addons '${name}'`;
  only(
    a,
    ['name', 'category', 'delivery', 'source', 'desiredRevision', 'clusters'],
    where,
  );
  const states: ScenarioAddon['clusters'] = {};
  for (const [cluster, entry] of Object.entries(
    object(a.clusters, `${where}.clusters`),
  )) {
    const cw = `${where}.clusters.${cluster}`;
    if (!clusters.has(cluster))
      fail(cw, `cluster '${cluster}' is not in the scenario's clusters`);
    // Shorthand: `cluster: in-sync`.
    if (typeof entry === 'string') {
      states[cluster] = { state: oneOf(entry, ADDON_STATES, cw) };
      continue;
    }
    const e = object(entry, cw);
    only(e, ['state', 'revision', 'message'], cw);
    states[cluster] = {
      state: oneOf(e.state, ADDON_STATES, `${cw}.state`),
      ...(e.revision !== undefined
        ? { revision: string(String(e.revision), `${cw}.revision`) }
        : {}),
      ...(e.message !== undefined
        ? { message: string(e.message, `${cw}.message`) }
        : {}),
    };
  }
  return {
    name,
    category: string(a.category, `${where}.category`),
    delivery: oneOf(a.delivery, DELIVERIES, `${where}.delivery`),
    source: string(a.source, `${where}.source`),
    ...(a.desiredRevision !== undefined
      ? {
          desiredRevision: string(
            String(a.desiredRevision),
            `${where}.desiredRevision`,
          ),
        }
      : {}),
    clusters: states,
  };
}

function unique(names: string[], where: string) {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) fail(where, `'${name}' appears twice`);
    seen.add(name);
  }
}

/** Validates a parsed scenario document; throws naming the bad entry. */
export function parseScenario(document: unknown): Scenario {
  const root = object(document, 'scenario');
  only(root, ['clusters', 'workloads', 'addons', 'velero'], 'scenario');
  const clusters = list(root.clusters, 'clusters', readCluster);
  unique(
    clusters.map(c => c.name),
    'clusters',
  );
  const names = new Set(clusters.map(c => c.name));
  for (const cluster of clusters) {
    for (const node of cluster.virtualNodes ?? []) {
      if (node.kind === 'liqo' && !names.has(node.peer)) {
        // A Liqo peer is another cluster of the fleet; Admiralty may target one outside.
        fail(
          `clusters '${cluster.name}'.virtualNodes '${node.name}'.peer`,
          `Liqo peer '${node.peer}' is not in the scenario's clusters`,
        );
      }
    }
  }
  const workloads = list(root.workloads ?? [], 'workloads', (v, w) =>
    readWorkload(v, w, names),
  );
  unique(
    workloads.map(w => `${w.namespace}/${workloadName(w)}`),
    'workloads',
  );
  const addons = list(root.addons ?? [], 'addons', (v, w) =>
    readAddon(v, w, names),
  );
  unique(
    addons.map(a => a.name),
    'addons',
  );
  return {
    clusters,
    workloads,
    addons,
    ...(root.velero !== undefined
      ? { veleroSchedules: readVeleroSchedules(root.velero, names) }
      : {}),
  };
}

/**
 * Reads and validates a scenario file (`scenario/fleet.yaml` of the package
 * by default). Errors name the file and the entry, e.g.
 * `scenario/fleet.yaml: clusters 'prod-eu-west-aws-1'.zones: expected a list`.
 */
export function loadScenario(file: string = DEFAULT_SCENARIO_FILE): Scenario {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `Cannot read scenario ${file}: ${(error as Error).message}`,
    );
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new Error(
      `Scenario ${file} is not valid YAML: ${(error as Error).message}`,
    );
  }
  try {
    return parseScenario(document);
  } catch (error) {
    if (error instanceof ScenarioError) {
      throw new Error(`Scenario ${file}: ${error.message}`);
    }
    throw error;
  }
}
