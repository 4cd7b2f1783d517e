import { Config, readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';
import {
  AddonDelivery,
  AddonState,
  cidrError,
  FabricKind,
  OffloadingKind,
  parseResourceList,
  parseResourceListAnnotation,
} from '@flotilla/plugin-multi-cluster-common';
import { KubernetesEndpoint } from './kubernetes/KubernetesClient';

/** A Karmada control plane or Cluster API management cluster. */
export interface ControlPlaneConfig extends KubernetesEndpoint {
  namespaces?: string[];
}

export interface DemoClusterConfig {
  name: string;
  title?: string;
  region?: string;
  provider?: string;
  environment?: string;
  tenant?: string;
  workloadClass?: string;
  jurisdiction?: string;
  zones?: string[];
  labels: Record<string, string>;
  capacity?: Record<string, string>;
  allocated?: Record<string, string>;
  costPerCpuHour?: number;
  kubernetesVersion: string;
  healthy: boolean;
  taints?: {
    key: string;
    value?: string;
    effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  }[];
  machineDeployments: { name: string; replicas: number; version?: string }[];
  /** What the simulated API server shows of the cluster's fabrics. */
  connectivity?: DemoConnectivityConfig;
  /** Simulated Liqo/Admiralty virtual nodes. */
  virtualNodes?: DemoVirtualNodeConfig[];
}

export interface DemoConnectivityConfig {
  fabrics: {
    kind: FabricKind;
    clusterSet: string;
    clusterId?: string;
    globalnet?: boolean;
    gatewayReady?: boolean;
    connectedTo?: string[];
  }[];
  podCidrs: string[];
  serviceCidrs: string[];
  /** `namespace/name` of simulated MCS ServiceExports. */
  serviceExports: { namespace: string; name: string; valid: boolean }[];
}

export interface DemoVirtualNodeConfig {
  name: string;
  kind: OffloadingKind;
  peer: string;
  allocatable: Record<string, string>;
  ready: boolean;
}

/** A simulated fleet-wide add-on and its state on each demo cluster. */
export interface DemoAddonConfig {
  name: string;
  category?: string;
  delivery: AddonDelivery;
  source: string;
  desiredRevision?: string;
  clusters: Record<
    string,
    { state: AddonState; revision?: string; message?: string }
  >;
}

export interface DemoWorkloadConfig {
  kubernetesId: string;
  namespace: string;
  kind: 'Deployment' | 'StatefulSet';
  name: string;
  replicas: Record<string, number>;
}

export interface DemoConfig {
  clusters: DemoClusterConfig[];
  workloads: DemoWorkloadConfig[];
  addons: DemoAddonConfig[];
  rolloutMs: number;
}

export interface ConfigClusterConfig extends KubernetesEndpoint {
  title?: string;
  authProvider?: string;
  dashboardUrl?: string;
}

export interface MultiClusterConfig {
  refreshFrequency: HumanDuration;
  refreshTimeout: HumanDuration;
  clusterTimeoutMs: number;
  healthTimeoutMs: number;
  connectorTimeoutMs: number;
  concurrency: number;
  conflictRetries: number;
  catalog: {
    enabled: boolean;
    filter?: Record<string, string | string[]>;
    serviceAccountToken?: string;
  };
  configClusters: ConfigClusterConfig[];
  karmada: ControlPlaneConfig[];
  clusterApi: ControlPlaneConfig[];
  demo?: DemoConfig;
  entityProvider: { enabled: boolean; frequency: HumanDuration };
  /** Reading fabrics, MCS exports and virtual nodes from cluster APIs. */
  connectivity: { detect: boolean; timeoutMs: number };
}

function durationMs(config: Config, key: string, defaultMs: number): number {
  if (!config.has(key)) {
    return defaultMs;
  }
  if (typeof config.get(key) === 'number') {
    return config.getNumber(key);
  }
  return durationToMilliseconds(readDurationFromConfig(config, { key }));
}

function duration(
  config: Config,
  key: string,
  defaultValue: HumanDuration,
): HumanDuration {
  return config.has(key)
    ? readDurationFromConfig(config, { key })
    : defaultValue;
}

function readEndpoint(c: Config): ControlPlaneConfig {
  return {
    name: c.getString('name'),
    url: c.getString('url'),
    caData: c.getOptionalString('caData'),
    token: c.getOptionalString('token'),
    skipTLSVerify: c.getOptionalBoolean('skipTLSVerify') ?? false,
    namespaces: c.getOptionalStringArray('namespaces'),
  };
}

function stringMap(c?: Config): Record<string, string> {
  const out: Record<string, string> = {};
  if (!c) {
    return out;
  }
  for (const key of c.keys()) {
    out[key] = String(c.get(key));
  }
  return out;
}

/**
 * A resource list from config: a map (`{ cpu: '64', memory: 256Gi }`) or,
 * because config keys cannot hold dots (`nvidia.com/gpu`), the annotation's
 * `cpu=64,memory=256Gi,nvidia.com/gpu=8` text. Checked with the quantity
 * module's rules (resource names, quantities, at most 64 entries): a bad
 * entry stops startup with a message naming the key, its owner and the
 * entry.
 */
function resourceList(
  c: Config,
  key: string,
  owner: string,
): Record<string, string> | undefined {
  if (!c.has(key)) {
    return undefined;
  }
  const value = c.get(key);
  try {
    return typeof value === 'string'
      ? parseResourceListAnnotation(value)
      : parseResourceList(value);
  } catch (error) {
    throw new Error(`Invalid ${key} of ${owner}: ${(error as Error).message}`);
  }
}

const FABRIC_KINDS: readonly FabricKind[] = [
  'submariner',
  'istio',
  'cilium-clustermesh',
  'mcs',
  'cloud-private',
  'other',
];
const ADDON_DELIVERIES: readonly AddonDelivery[] = [
  'argocd-applicationset',
  'fleet-gitrepo',
  'karmada-clusterpropagationpolicy',
];
const ADDON_STATES: readonly AddonState[] = [
  'in-sync',
  'drifted',
  'missing',
  'unknown',
];

/** Reads a string that must be one of `allowed`, naming the key when not. */
function oneOf<T extends string>(
  c: Config,
  key: string,
  allowed: readonly T[],
): T {
  const value = c.getString(key);
  if (!allowed.includes(value as T)) {
    throw new Error(
      `Invalid ${key} '${value}' in multiCluster.demo; expected one of ${allowed.join(
        ', ',
      )}`,
    );
  }
  return value as T;
}

function cidrList(c: Config, key: string, cluster: string): string[] {
  const list = c.getOptionalStringArray(key) ?? [];
  for (const cidr of list) {
    const error = cidrError(cidr);
    if (error) {
      throw new Error(`Invalid ${key} of demo cluster '${cluster}': ${error}`);
    }
  }
  return list;
}

function readDemoConnectivity(
  c: Config,
  cluster: string,
): DemoConnectivityConfig | undefined {
  const conn = c.getOptionalConfig('connectivity');
  if (!conn) {
    return undefined;
  }
  return {
    fabrics: (conn.getOptionalConfigArray('fabrics') ?? []).map(f => ({
      kind: oneOf(f, 'kind', FABRIC_KINDS),
      clusterSet: f.getString('clusterSet'),
      clusterId: f.getOptionalString('clusterId'),
      globalnet: f.getOptionalBoolean('globalnet'),
      gatewayReady: f.getOptionalBoolean('gatewayReady'),
      connectedTo: f.getOptionalStringArray('connectedTo'),
    })),
    podCidrs: cidrList(conn, 'podCidrs', cluster),
    serviceCidrs: cidrList(conn, 'serviceCidrs', cluster),
    serviceExports: (conn.getOptionalStringArray('serviceExports') ?? []).map(
      ref => {
        const match = /^([a-z0-9-]+)\/([a-z0-9-]+)(!invalid)?$/.exec(ref);
        if (!match) {
          throw new Error(
            `Invalid serviceExports entry '${ref}' of demo cluster '${cluster}'; expected namespace/name (optionally suffixed !invalid)`,
          );
        }
        return { namespace: match[1], name: match[2], valid: !match[3] };
      },
    ),
  };
}

function readDemoAddons(demo: Config): DemoAddonConfig[] {
  return (demo.getOptionalConfigArray('addons') ?? []).map(a => {
    const clusters: DemoAddonConfig['clusters'] = {};
    const byCluster = a.getConfig('clusters');
    for (const cluster of byCluster.keys()) {
      const value = byCluster.get(cluster);
      if (typeof value === 'string') {
        clusters[cluster] = {
          state: oneOf(byCluster, cluster, ADDON_STATES),
        };
      } else {
        const entry = byCluster.getConfig(cluster);
        clusters[cluster] = {
          state: oneOf(entry, 'state', ADDON_STATES),
          revision: entry.getOptionalString('revision'),
          message: entry.getOptionalString('message'),
        };
      }
    }
    return {
      name: a.getString('name'),
      category: a.getOptionalString('category'),
      delivery: oneOf(a, 'delivery', ADDON_DELIVERIES),
      source: a.getString('source'),
      desiredRevision: a.getOptionalString('desiredRevision'),
      clusters,
    };
  });
}

function readDemo(config: Config): DemoConfig | undefined {
  const demo = config.getOptionalConfig('multiCluster.demo');
  if (!demo || demo.getOptionalBoolean('enabled') === false) {
    return undefined;
  }
  const clusters = (demo.getOptionalConfigArray('clusters') ?? []).map(c => {
    const labels = stringMap(c.getOptionalConfig('labels'));
    const demoCluster = `demo cluster '${c.getString('name')}'`;
    return {
      name: c.getString('name'),
      title: c.getOptionalString('title'),
      region: c.getOptionalString('region') ?? labels.region,
      provider: c.getOptionalString('provider') ?? labels.provider,
      environment: c.getOptionalString('environment') ?? labels.environment,
      tenant: c.getOptionalString('tenant') ?? labels.tenant,
      workloadClass:
        c.getOptionalString('workloadClass') ?? labels['workload-class'],
      jurisdiction: c.getOptionalString('jurisdiction') ?? labels.jurisdiction,
      zones: c.getOptionalStringArray('zones'),
      labels,
      capacity: resourceList(c, 'capacity', demoCluster),
      allocated: resourceList(c, 'allocated', demoCluster),
      costPerCpuHour: c.getOptionalNumber('costPerCpuHour'),
      kubernetesVersion: c.getOptionalString('kubernetesVersion') ?? 'v1.31.4',
      healthy: c.getOptionalBoolean('healthy') ?? true,
      taints: (c.getOptionalConfigArray('taints') ?? []).map(t => ({
        key: t.getString('key'),
        value: t.getOptionalString('value'),
        effect: t.getString('effect') as
          | 'NoSchedule'
          | 'PreferNoSchedule'
          | 'NoExecute',
      })),
      machineDeployments: (
        c.getOptionalConfigArray('machineDeployments') ?? []
      ).map(md => ({
        name: md.getString('name'),
        replicas: md.getNumber('replicas'),
        version: md.getOptionalString('version'),
      })),
      connectivity: readDemoConnectivity(c, c.getString('name')),
      virtualNodes: (c.getOptionalConfigArray('virtualNodes') ?? []).map(v => ({
        name: v.getString('name'),
        kind: oneOf(v, 'kind', ['liqo', 'admiralty'] as const),
        peer: v.getString('peer'),
        allocatable:
          resourceList(
            v,
            'allocatable',
            `virtual node '${v.getString('name')}' of ${demoCluster}`,
          ) ?? {},
        ready: v.getOptionalBoolean('ready') ?? true,
      })),
    };
  });
  const workloads = (demo.getOptionalConfigArray('workloads') ?? []).map(w => {
    const kubernetesId = w.getString('kubernetesId');
    const replicas: Record<string, number> = {};
    const r = w.getOptionalConfig('replicas');
    for (const key of r?.keys() ?? []) {
      replicas[key] = r!.getNumber(key);
    }
    return {
      kubernetesId,
      namespace: w.getOptionalString('namespace') ?? 'default',
      kind: (w.getOptionalString('kind') ?? 'Deployment') as
        | 'Deployment'
        | 'StatefulSet',
      name: w.getOptionalString('name') ?? kubernetesId,
      replicas,
    };
  });
  if (clusters.length === 0) {
    return undefined;
  }
  return {
    clusters,
    workloads,
    addons: readDemoAddons(demo),
    rolloutMs: durationMs(demo, 'rolloutDuration', 20_000),
  };
}

function readConfigClusters(config: Config): ConfigClusterConfig[] {
  const methods =
    config.getOptionalConfigArray('kubernetes.clusterLocatorMethods') ?? [];
  const out: ConfigClusterConfig[] = [];
  for (const method of methods) {
    if (method.getOptionalString('type') !== 'config') {
      continue;
    }
    for (const c of method.getOptionalConfigArray('clusters') ?? []) {
      out.push({
        name: c.getString('name'),
        title: c.getOptionalString('title'),
        url: c.getString('url'),
        caData: c.getOptionalString('caData'),
        token: c.getOptionalString('serviceAccountToken'),
        skipTLSVerify: c.getOptionalBoolean('skipTLSVerify') ?? false,
        authProvider: c.getOptionalString('authProvider'),
        dashboardUrl: c.getOptionalString('dashboardUrl'),
      });
    }
  }
  return out;
}

/** Reads `multiCluster.*` (and `kubernetes.clusterLocatorMethods`). */
export function readMultiClusterConfig(config: Config): MultiClusterConfig {
  const c = config.getOptionalConfig('multiCluster');
  const get = <T>(fn: (cfg: Config) => T, fallback: T): T =>
    c ? fn(c) : fallback;
  // catalog.filter: [{ key: metadata.namespace, values: [fleet] }]
  const filterItems = c?.getOptionalConfigArray('catalog.filter');
  const filter: Record<string, string | string[]> | undefined = filterItems
    ? Object.fromEntries(
        filterItems.map(f => {
          const values = f.getOptionalStringArray('values');
          return [f.getString('key'), values ?? f.getString('value')];
        }),
      )
    : undefined;
  return {
    refreshFrequency: get(
      cfg => duration(cfg, 'refresh.frequency', { seconds: 60 }),
      { seconds: 60 },
    ),
    refreshTimeout: get(
      cfg => duration(cfg, 'refresh.timeout', { minutes: 5 }),
      { minutes: 5 },
    ),
    clusterTimeoutMs: get(
      cfg => durationMs(cfg, 'timeouts.clusterRequest', 5000),
      5000,
    ),
    healthTimeoutMs: get(
      cfg => durationMs(cfg, 'timeouts.healthCheck', 3000),
      3000,
    ),
    connectorTimeoutMs: get(
      cfg => durationMs(cfg, 'timeouts.connector', 30_000),
      30_000,
    ),
    concurrency: c?.getOptionalNumber('concurrency') ?? 20,
    conflictRetries: c?.getOptionalNumber('conflictRetries') ?? 3,
    catalog: {
      enabled: c?.getOptionalBoolean('catalog.enabled') ?? true,
      filter,
      serviceAccountToken: c?.getOptionalString('catalog.serviceAccountToken'),
    },
    configClusters: readConfigClusters(config),
    karmada: (c?.getOptionalConfigArray('karmada') ?? []).map(readEndpoint),
    clusterApi: (c?.getOptionalConfigArray('clusterApi') ?? []).map(
      readEndpoint,
    ),
    demo: readDemo(config),
    connectivity: {
      detect: c?.getOptionalBoolean('connectivity.detect') ?? true,
      timeoutMs: get(
        cfg => durationMs(cfg, 'connectivity.timeout', 10_000),
        10_000,
      ),
    },
    entityProvider: {
      enabled: c?.getOptionalBoolean('entityProvider.enabled') ?? true,
      frequency: get(
        cfg => duration(cfg, 'entityProvider.frequency', { minutes: 5 }),
        { minutes: 5 },
      ),
    },
  };
}
