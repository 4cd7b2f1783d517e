import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { FleetDescription } from './fleet';

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
  virtualNodes?: Array<{
    name: string;
    kind: 'liqo' | 'admiralty';
    /** What the backend reports as the peer: Liqo's remote cluster id, Admiralty's (cluster) target. */
    peer: string;
    allocatable: Record<string, string>;
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

// ---------------------------------------------------------------------------
// Validation: by hand, so every message names the entry and the field.

class ScenarioError extends Error {}

type Json = unknown;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|k|Ki|Mi|Gi|Ti|Pi|Ei|M|G|T|P|E)?$/;
const RESOURCE_NAME =
  /^([a-z0-9.-]+\/)?[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/;
const CIDR = /^(\d{1,3}(\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/;
const VERSION = /^v\d+\.\d+\.\d+$/;
const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const FABRIC_KINDS: FabricKind[] = ['istio', 'cilium-clustermesh', 'mcs'];
const ADDON_STATES: AddonState[] = ['in-sync', 'drifted', 'missing', 'unknown'];
const DELIVERIES: ScenarioAddon['delivery'][] = [
  'argocd-applicationset',
  'fleet-gitrepo',
  'karmada-clusterpropagationpolicy',
];

function fail(where: string, message: string): never {
  throw new ScenarioError(`${where}: ${message}`);
}

function object(value: Json, where: string): Record<string, Json> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(where, 'expected a mapping');
  }
  return value as Record<string, Json>;
}

function only(value: Record<string, Json>, keys: string[], where: string) {
  const unknown = Object.keys(value).filter(k => !keys.includes(k));
  if (unknown.length > 0) {
    fail(
      where,
      `unknown key(s) ${unknown.join(', ')}; expected ${keys.join(', ')}`,
    );
  }
}

function string(value: Json, where: string, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.length === 0) {
    fail(where, 'expected a non-empty string');
  }
  if (pattern && !pattern.test(value)) {
    fail(where, `'${value}' does not match ${pattern}`);
  }
  return value;
}

function optional<T>(value: Json, read: (v: Json) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

function list<T>(
  value: Json,
  where: string,
  read: (v: Json, w: string) => T,
): T[] {
  if (!Array.isArray(value)) fail(where, 'expected a list');
  return value.map((item, i) => read(item, `${where}[${i}]`));
}

function oneOf<T extends string>(value: Json, allowed: T[], where: string): T {
  if (!allowed.includes(value as T)) {
    fail(where, `'${String(value)}' is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function count(value: Json, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(where, `expected a whole number >= 0, got ${JSON.stringify(value)}`);
  }
  return value;
}

function resources(value: Json, where: string): Record<string, string> {
  const map = object(value, where);
  const result: Record<string, string> = {};
  for (const [name, quantity] of Object.entries(map)) {
    if (!RESOURCE_NAME.test(name))
      fail(where, `'${name}' is not a resource name`);
    const text = typeof quantity === 'number' ? String(quantity) : quantity;
    result[name] = string(text, `${where}.${name}`, QUANTITY);
  }
  if (Object.keys(result).length === 0)
    fail(where, 'expected at least one resource');
  return result;
}

function readFabric(value: Json, where: string): ScenarioFabric {
  const f = object(value, where);
  only(
    f,
    ['kind', 'clusterSet', 'clusterId', 'connectedTo', 'gatewayReady'],
    where,
  );
  const gatewayReady = f.gatewayReady;
  if (gatewayReady !== undefined && typeof gatewayReady !== 'boolean') {
    fail(`${where}.gatewayReady`, 'expected true or false');
  }
  return {
    kind: oneOf(f.kind, FABRIC_KINDS, `${where}.kind`),
    clusterSet: string(f.clusterSet, `${where}.clusterSet`),
    clusterId: string(f.clusterId, `${where}.clusterId`, DNS_LABEL),
    ...(f.connectedTo !== undefined
      ? {
          connectedTo: list(f.connectedTo, `${where}.connectedTo`, (v, w) =>
            string(v, w, DNS_LABEL),
          ),
        }
      : {}),
    ...(gatewayReady !== undefined ? { gatewayReady } : {}),
  };
}

function readCluster(value: Json, at: string): ScenarioCluster {
  const c = object(value, at);
  const name = string(c.name, `${at}.name`, DNS_LABEL);
  const where = `clusters '${name}'`;
  only(
    c,
    [
      'name',
      'kubernetesVersion',
      'zones',
      'nodeAllocatable',
      'machineDeployments',
      'taints',
      'podCidrs',
      'serviceCidrs',
      'fabrics',
      'serviceExports',
      'virtualNodes',
      'clusterClass',
    ],
    where,
  );
  const zones = list(c.zones, `${where}.zones`, (v, w) =>
    string(v, w, DNS_LABEL),
  );
  if (zones.length === 0) fail(`${where}.zones`, 'expected at least one zone');
  const cluster: ScenarioCluster = {
    name,
    kubernetesVersion: string(
      c.kubernetesVersion,
      `${where}.kubernetesVersion`,
      VERSION,
    ),
    zones,
    nodeAllocatable: resources(c.nodeAllocatable, `${where}.nodeAllocatable`),
    machineDeployments: list(
      c.machineDeployments,
      `${where}.machineDeployments`,
      (v, w) => {
        const md = object(v, w);
        only(md, ['name', 'replicas', 'nodeAllocatable', 'instanceType'], w);
        const mdName = string(md.name, `${w}.name`, DNS_LABEL);
        const mw = `${where}.machineDeployments '${mdName}'`;
        return {
          name: mdName,
          replicas: count(md.replicas, `${mw}.replicas`),
          ...(md.nodeAllocatable !== undefined
            ? {
                nodeAllocatable: resources(
                  md.nodeAllocatable,
                  `${mw}.nodeAllocatable`,
                ),
              }
            : {}),
          ...(md.instanceType !== undefined
            ? { instanceType: string(md.instanceType, `${mw}.instanceType`) }
            : {}),
        };
      },
    ),
  };
  if (c.clusterClass !== undefined) {
    cluster.clusterClass = string(
      c.clusterClass,
      `${where}.clusterClass`,
      DNS_LABEL,
    );
  }
  const taints = optional(c.taints, v =>
    list(v, `${where}.taints`, (t, w) => {
      const taint = object(t, w);
      only(taint, ['key', 'value', 'effect'], w);
      return {
        key: string(taint.key, `${w}.key`),
        ...(taint.value !== undefined
          ? { value: string(taint.value, `${w}.value`) }
          : {}),
        effect: oneOf(taint.effect, TAINT_EFFECTS, `${w}.effect`),
      };
    }),
  );
  if (taints) cluster.taints = taints;
  for (const key of ['podCidrs', 'serviceCidrs'] as const) {
    const cidrs = optional(c[key], v =>
      list(v, `${where}.${key}`, (x, w) => string(x, w, CIDR)),
    );
    if (cidrs) cluster[key] = cidrs;
  }
  const fabrics = optional(c.fabrics, v =>
    list(v, `${where}.fabrics`, readFabric),
  );
  if (fabrics) {
    const istio = fabrics.filter(f => f.kind === 'istio');
    if (istio.length > 1) {
      fail(
        `${where}.fabrics`,
        'a cluster is in one Istio mesh at most (one mesh id)',
      );
    }
    const mcs = fabrics.filter(f => f.kind === 'mcs');
    if (mcs.length > 1) {
      fail(`${where}.fabrics`, 'a cluster is in one MCS cluster set at most');
    }
    const cilium = fabrics.filter(f => f.kind === 'cilium-clustermesh');
    if (new Set(cilium.map(f => f.clusterId)).size > 1) {
      fail(
        `${where}.fabrics`,
        'Cilium has one cluster name per cluster: its fabrics must share clusterId',
      );
    }
    cluster.fabrics = fabrics;
  }
  const exports = optional(c.serviceExports, v =>
    list(v, `${where}.serviceExports`, (x, w) =>
      string(x, w, /^[a-z0-9-]+\/[a-z0-9-]+(!invalid)?$/),
    ),
  );
  if (exports) cluster.serviceExports = exports;
  const virtualNodes = optional(c.virtualNodes, v =>
    list(v, `${where}.virtualNodes`, (x, w) => {
      const node = object(x, w);
      only(node, ['name', 'kind', 'peer', 'allocatable'], w);
      const nodeName = string(node.name, `${w}.name`, DNS_LABEL);
      const nw = `${where}.virtualNodes '${nodeName}'`;
      return {
        name: nodeName,
        kind: oneOf(
          node.kind,
          ['liqo', 'admiralty'] as const as Array<'liqo' | 'admiralty'>,
          `${nw}.kind`,
        ),
        peer: string(node.peer, `${nw}.peer`),
        allocatable: resources(node.allocatable, `${nw}.allocatable`),
      };
    }),
  );
  if (virtualNodes) cluster.virtualNodes = virtualNodes;
  return cluster;
}

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
  only(root, ['clusters', 'workloads', 'addons'], 'scenario');
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
  return { clusters, workloads, addons };
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
