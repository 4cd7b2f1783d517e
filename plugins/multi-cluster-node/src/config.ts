import { Config, readDurationFromConfig } from '@backstage/config';
import os from 'node:os';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';
import {
  isSupportedKarmadaVersion,
  type KarmadaVersion,
  SUPPORTED_KARMADA_VERSIONS,
} from '@flotilla/plugin-multi-cluster-common';
import { readAuthMetadata } from './credentials/clusterDetails';
import type { KubernetesEndpoint } from './kubernetes/client/kubeConfig';

/**
 * A Karmada control plane, Cluster API management cluster or Open Cluster
 * Management hub.
 *
 * @public
 */
export interface ControlPlaneConfig extends KubernetesEndpoint {
  namespaces?: string[];
}

/**
 * A Karmada control plane (`multiCluster.karmada[]`).
 *
 * @public
 */
export interface KarmadaControlPlaneConfig extends ControlPlaneConfig {
  /**
   * The Karmada release the control plane runs, e.g. `v1.16.8`: the
   * placement preview reproduces that release's scheduler.
   */
  version?: KarmadaVersion;
}

/** @public */
export interface ConfigClusterConfig extends KubernetesEndpoint {
  title?: string;
  authProvider?: string;
  dashboardUrl?: string;
  /**
   * What the platform team declares about the cluster, as a catalog cluster
   * declares it in labels: `labels` (`flotilla.io/*` keys segment the fleet)
   * and the shorthands `environment`, `region`, `provider` and `zones`.
   */
  segmentation?: Record<string, string>;
}

/** @public */
export interface MultiClusterConfig {
  refreshFrequency: HumanDuration;
  refreshTimeout: HumanDuration;
  /** The event loop's share the refresh's inspection pass may keep busy (1: all). */
  refreshLoopShare: number;
  clusterTimeoutMs: number;
  healthTimeoutMs: number;
  connectorTimeoutMs: number;
  /** Age after which a Cluster API kubeconfig Secret is read again. */
  kubeconfigMaxAgeMs: number;
  concurrency: number;
  /** Fleets up to this size are read live for entity placement. */
  placementLiveReadLimit: number;
  /** The worker threads that run placement work (simulate, recommend). */
  placementWorkers: PlacementWorkersConfig;
  conflictRetries: number;
  catalog: {
    enabled: boolean;
    filter?: Record<string, string | string[]>;
    serviceAccountToken?: string;
    /** How often the catalog's cluster entities are checked for changes (unset: never). */
    watchFrequency?: HumanDuration;
  };
  configClusters: ConfigClusterConfig[];
  karmada: KarmadaControlPlaneConfig[];
  clusterApi: ControlPlaneConfig[];
  /** Open Cluster Management hubs (`multiCluster.ocm`). */
  ocm: ControlPlaneConfig[];
  /**
   * Reading fabrics, MCS exports and virtual nodes from cluster APIs;
   * `intervalMs`: the longest a cluster goes without that read (unset: every
   * refresh, or 10 minutes over the live-read limit).
   */
  connectivity: { detect: boolean; timeoutMs: number; intervalMs?: number };
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

/** A duration of 0 or more, undefined when unset; anything else stops the backend at start-up. */
function optionalDurationMs(
  config: Config | undefined,
  key: string,
): number | undefined {
  if (!config?.has(key)) return undefined;
  const ms = durationMs(config, key, 0);
  if (!(ms >= 0)) {
    throw new Error(`Invalid multiCluster.${key}: ${ms}; expected 0 or more`);
  }
  return ms;
}

/**
 * A whole number in [min, max], or `fallback` when unset. Anything else
 * stops the backend at start-up with the key named: a fractional, negative
 * or zero limit would otherwise show up much later as a placement that
 * reads nothing or a fan-out that never starts.
 */
/**
 * The worker threads that run placement work.
 *
 * @public
 */
export interface PlacementWorkersConfig {
  threads: number;
  /** Requests of all callers waiting for a worker; more are answered 503. */
  queueLimit: number;
  /** Requests of one caller running or waiting; more are answered 429. */
  perCallerLimit: number;
  /** A request's work running longer is stopped (503). */
  taskTimeoutMs: number;
}

function readPlacementWorkers(c: Config | undefined): PlacementWorkersConfig {
  // One core stays with the event loop (HTTP, inventory, failovers).
  const threads = Math.min(2, Math.max(1, os.availableParallelism() - 1));
  const key = 'placement.workers';
  const taskTimeout = c?.has(`${key}.taskTimeout`)
    ? durationToMilliseconds(
        readDurationFromConfig(c, { key: `${key}.taskTimeout` }),
      )
    : 20_000;
  if (taskTimeout < 1_000 || taskTimeout > 600_000) {
    throw new Error(
      `Invalid multiCluster.${key}.taskTimeout: expected 1 second to 10 minutes`,
    );
  }
  return {
    threads: wholeNumber(c, `${key}.threads`, threads, { min: 1, max: 64 }),
    queueLimit: wholeNumber(c, `${key}.queueLimit`, 16, {
      min: 0,
      max: 10_000,
    }),
    perCallerLimit: wholeNumber(c, `${key}.perCallerLimit`, 2, {
      min: 1,
      max: 1_000,
    }),
    taskTimeoutMs: taskTimeout,
  };
}

function wholeNumber(
  config: Config | undefined,
  key: string,
  fallback: number,
  bounds: { min: number; max: number },
): number {
  const value = config?.getOptionalNumber(key);
  if (value === undefined) {
    return fallback;
  }
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new Error(
      `Invalid multiCluster.${key}: ${value}; expected a whole number from ${bounds.min} to ${bounds.max}`,
    );
  }
  return value;
}

/** A share from 0.1 to 1. */
function share(
  config: Config | undefined,
  key: string,
  fallback: number,
): number {
  const value = config?.getOptionalNumber(key);
  if (value === undefined) return fallback;
  if (!(value >= 0.1 && value <= 1)) {
    throw new Error(
      `Invalid multiCluster.${key}: ${value}; expected a number from 0.1 to 1`,
    );
  }
  return value;
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

/**
 * A control plane entry: the Kubernetes plugin's cluster vocabulary
 * (`authProvider`, `authMetadata`, `caData`/`caFile`, ...) with `token` as
 * the service account token.
 */
function readEndpoint(c: Config): ControlPlaneConfig {
  return {
    name: c.getString('name'),
    url: c.getString('url'),
    caData: c.getOptionalString('caData'),
    caFile: c.getOptionalString('caFile'),
    token: c.getOptionalString('token'),
    skipTLSVerify: c.getOptionalBoolean('skipTLSVerify') ?? false,
    namespaces: c.getOptionalStringArray('namespaces'),
    authMetadata: readAuthMetadata(c, {
      tokenKey: c.has('token') ? 'token' : 'serviceAccountToken',
    }),
  };
}

/**
 * A Karmada control plane entry; a `version` the placement preview cannot
 * reproduce stops the backend at start-up rather than previewing another
 * release's decisions.
 */
function readKarmadaEndpoint(
  c: Config,
  index: number,
): KarmadaControlPlaneConfig {
  const version = c.getOptionalString('version');
  if (version !== undefined && !isSupportedKarmadaVersion(version)) {
    throw new Error(
      `Invalid multiCluster.karmada[${index}].version: "${version}"; supported Karmada releases: ${SUPPORTED_KARMADA_VERSIONS.join(
        ', ',
      )}`,
    );
  }
  return { ...readEndpoint(c), version };
}

/** A config cluster's labels, with its shorthands under their `flotilla.io/*` keys. */
function readSegmentation(c: Config): Record<string, string> | undefined {
  const labels = { ...c.getOptional<Record<string, string>>('labels') };
  for (const field of ['environment', 'region', 'provider'] as const) {
    const value = c.getOptionalString(field);
    if (value) labels[`flotilla.io/${field}`] = value;
  }
  const zones = c.getOptionalStringArray('zones');
  if (zones?.length) labels['flotilla.io/zones'] = zones.join(',');
  return Object.keys(labels).length ? labels : undefined;
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
        caFile: c.getOptionalString('caFile'),
        token: c.getOptionalString('serviceAccountToken'),
        skipTLSVerify: c.getOptionalBoolean('skipTLSVerify') ?? false,
        authProvider: c.getOptionalString('authProvider'),
        authMetadata: readAuthMetadata(c),
        segmentation: readSegmentation(c),
        dashboardUrl: c.getOptionalString('dashboardUrl'),
      });
    }
  }
  return out;
}

/**
 * Reads `multiCluster.*` (and `kubernetes.clusterLocatorMethods`).
 *
 * @public
 */
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
    refreshLoopShare: share(c, 'refresh.loopShare', 0.5),
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
    kubeconfigMaxAgeMs: get(
      cfg => durationMs(cfg, 'timeouts.kubeconfigMaxAge', 300_000),
      300_000,
    ),
    concurrency: wholeNumber(c, 'concurrency', 20, { min: 1, max: 1000 }),
    conflictRetries: wholeNumber(c, 'conflictRetries', 3, { min: 0, max: 20 }),
    placementLiveReadLimit: wholeNumber(c, 'placement.liveReadLimit', 100, {
      min: 1,
      max: 100_000,
    }),
    placementWorkers: readPlacementWorkers(c),
    catalog: {
      enabled: c?.getOptionalBoolean('catalog.enabled') ?? true,
      filter,
      serviceAccountToken: c?.getOptionalString('catalog.serviceAccountToken'),
      watchFrequency: get(
        cfg => duration(cfg, 'catalog.watchFrequency', { seconds: 10 }),
        { seconds: 10 },
      ),
    },
    configClusters: readConfigClusters(config),
    karmada: (c?.getOptionalConfigArray('karmada') ?? []).map(
      readKarmadaEndpoint,
    ),
    clusterApi: (c?.getOptionalConfigArray('clusterApi') ?? []).map(
      readEndpoint,
    ),
    ocm: (c?.getOptionalConfigArray('ocm') ?? []).map(readEndpoint),
    connectivity: {
      detect: c?.getOptionalBoolean('connectivity.detect') ?? true,
      timeoutMs: get(
        cfg => durationMs(cfg, 'connectivity.timeout', 10_000),
        10_000,
      ),
      intervalMs: optionalDurationMs(c, 'connectivity.interval'),
    },
  };
}
