import {
  AuditorService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Knex, knex as createKnex } from 'knex';
import {
  readMultiClusterConfig,
  KarmadaConnector,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterStore } from '../../database/MultiClusterStore';
import { FleetInventory } from '../../inventory/FleetInventory';
import { EntityPlacementService } from '../../placement/EntityPlacementService';
import { WorkloadService } from '../../workloads/WorkloadService';
import { createFailoverModule, FailoverModuleOptions } from '..';
import { FailoverConfig } from '../config';
import { FailoverStepKind } from '@flotilla/plugin-multi-cluster-common';
import { StepExecutor, StepExecutors } from '../steps';
import { defaultStepExecutors } from '../steps';
import { eventually } from '@flotilla/test-kit';
import { InMemoryFleet } from '../../__testUtils__/InMemoryFleet';

export const OWNER = 'user:default/owner';
export const STRANGER = 'user:default/stranger';

export function serviceEntity(
  name: string,
  extra: Record<string, string> = {},
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      annotations: {
        'backstage.io/kubernetes-id': name,
        'backstage.io/kubernetes-namespace': 'shop',
        'flotilla.io/dr-strategy': 'active-passive-warm',
        'flotilla.io/rto': '15m',
        'flotilla.io/primary-cluster': 'eu-west',
        'flotilla.io/standby-cluster': 'us-east',
        ...extra,
      },
    },
    spec: {
      type: 'service',
      owner: 'user:default/owner',
      lifecycle: 'production',
    },
  };
}

/** Clusters of a test fleet and each service's replicas on them. */
export interface FleetLayout {
  clusters: string[];
  replicas: Record<string, number>;
}

const DEFAULT_LAYOUT: FleetLayout = {
  clusters: ['eu-west', 'us-east'],
  replicas: { 'eu-west': 3, 'us-east': 0 },
};

const started: InMemoryFleet[] = [];
// Every fleet a harness starts is stopped with the test file.
afterAll(async () => {
  await Promise.all(started.splice(0).map(f => f.stop()));
});

/**
 * A fleet of in-memory API servers with a Deployment of each service in
 * `shop` on every cluster (replicas as the layout says).
 */
export async function startTestFleet(
  services: string[],
  layout: FleetLayout = DEFAULT_LAYOUT,
): Promise<InMemoryFleet> {
  const regions = ['eu-west-1', 'us-east-1', 'ap-south-1', 'sa-east-1'];
  const fleet = await InMemoryFleet.start({
    clusters: layout.clusters.map((name, i) => ({
      name,
      region: regions[i % regions.length],
      provider: i % 2 ? 'gcp' : 'aws',
      capacity: { cpu: '640', memory: '2560Gi', pods: '11000' },
    })),
    workloads: services.map(s => ({
      kubernetesId: s,
      namespace: 'shop',
      replicas: Object.fromEntries(
        layout.clusters.map(c => [c, layout.replicas[c] ?? 0]),
      ),
    })),
  });
  started.push(fleet);
  return fleet;
}

/** Owners may do anything; everyone else is denied. */
export function ownerOnlyPermissions(): PermissionsService {
  return mockServices.permissions.mock({
    authorize: async (requests: any[], options?: any) => {
      const user = (options?.credentials as BackstageCredentials<any>)
        ?.principal?.userEntityRef;
      return requests.map(() => ({
        result: user === OWNER ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
      })) as any;
    },
  } as any);
}

/** An audit event as a recording auditor saw it. */
export interface RecordedAuditEvent {
  eventId: string;
  meta?: any;
  outcome?: 'success' | 'fail';
  /** `meta` passed to `success` (e.g. the result). */
  successMeta?: any;
  /** The error passed to `fail`. */
  error?: Error;
}

export function recordingAuditor() {
  const events: RecordedAuditEvent[] = [];
  const auditor: AuditorService = {
    createEvent: async (opts: any) => {
      const e: RecordedAuditEvent = { eventId: opts.eventId, meta: opts.meta };
      events.push(e);
      return {
        success: async (params?: { meta?: any }) => {
          e.outcome = 'success';
          e.successMeta = params?.meta;
        },
        fail: async (params: { error: Error }) => {
          e.outcome = 'fail';
          e.error = params?.error;
        },
      };
    },
  } as any;
  return { auditor, events };
}

/** C0, DEL, C1 and the Unicode line separators: what must not be recorded raw. */
// eslint-disable-next-line no-control-regex
export const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Every string in a value (keys included), for hygiene assertions. */
export function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    out.push(value);
  } else if (value instanceof Error) {
    out.push(value.name, value.message);
  } else if (Array.isArray(value)) {
    for (const v of value) allStrings(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      allStrings(v, out);
    }
  }
  return out;
}

/** Wraps executors to count calls per step kind. */
export function countingExecutors(
  calls: Map<string, number>,
  base: Partial<StepExecutors> = {},
): StepExecutors {
  const all = { ...defaultStepExecutors, ...base };
  const out: Partial<StepExecutors> = {};
  for (const kind of Object.keys(all) as FailoverStepKind[]) {
    const exec: StepExecutor = all[kind];
    out[kind] = async ctx => {
      calls.set(kind, (calls.get(kind) ?? 0) + 1);
      return exec(ctx);
    };
  }
  return out as StepExecutors;
}

/** A second connection pool on the same database (another replica). */
export function secondKnex(knex: Knex): Knex {
  const config = (knex.client as any).config;
  if (String(config.client).includes('sqlite')) {
    return knex; // in-memory SQLite: one database per connection
  }
  return createKnex(config);
}

export interface HarnessOptions {
  services?: string[];
  entities?: Entity[];
  workerId?: string;
  permissions?: PermissionsService;
  overrides?: Partial<FailoverConfig>;
  executors?: Partial<StepExecutors>;
  hooks?: FailoverModuleOptions['hooks'];
  config?: Record<string, unknown>;
  karmada?: KarmadaConnector[];
  /** Clusters and replicas of a fleet the harness starts. */
  layout?: FleetLayout;
  /** A fleet to share (another backend replica on the same clusters). */
  fleet?: InMemoryFleet;
  notifications?: FailoverModuleOptions['notifications'];
  signals?: FailoverModuleOptions['signals'];
}

export const FAST: Partial<FailoverConfig> = {
  // Step timeouts of 1.5 s (precheck) to 30 s (verify): room for HTTPS
  // calls to the test fleet on a loaded machine.
  timeScale: 0.05,
  pollIntervalMs: 25,
  leaseMs: 1000,
  retryBackoffMs: 100,
  stepPollIntervalMs: 1000,
  concurrency: 10,
};

/** One "backend replica": a test fleet, C's services and the failover module. */
export async function createHarness(knex: Knex, options: HarnessOptions = {}) {
  const services = options.services ?? ['checkout'];
  const fleet =
    options.fleet ?? (await startTestFleet(services, options.layout));
  const rootConfig = new ConfigReader({
    multiCluster: {
      catalog: { enabled: false },
      // Racing tests send many requests at once to the test fleet on a
      // loaded machine: a timeout there would be a false failure.
      timeouts: { clusterRequest: 30_000 },
    },
    ...(options.config ?? {}),
  });
  const mcConfig = readMultiClusterConfig(rootConfig);
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex } as any,
  });
  const clients = new ClusterClientFactory({
    ...mcConfig,
    configClusters: fleet.configClusters,
  });
  const logger = mockServices.logger.mock();
  const inventory = new FleetInventory({
    connectors: [fleet],
    store,
    clients,
    logger,
    healthTimeoutMs: 30_000,
    connectorTimeoutMs: 5000,
    concurrency: 10,
    cacheTtlMs: 0,
  });
  await inventory.refresh();
  const workloads = new WorkloadService({ inventory, clients });
  const catalog = catalogServiceMock({
    entities: options.entities ?? services.map(s => serviceEntity(s)),
  });
  const placement = new EntityPlacementService({
    catalog,
    inventory,
    workloads,
    karmada: options.karmada ?? [],
    concurrency: 10,
    clusterTimeoutMs: 30_000,
    logger,
  });
  const { auditor, events } = recordingAuditor();
  const module = await createFailoverModule({
    config: rootConfig as any,
    logger,
    database: { getClient: async () => knex } as any,
    permissions: options.permissions ?? ownerOnlyPermissions(),
    auditor,
    catalog,
    services: {
      inventory,
      workloads,
      placement,
      karmada: options.karmada ?? [],
      store,
      clients,
    },
    overrides: { ...FAST, ...options.overrides },
    executors: options.executors,
    hooks: options.hooks,
    workerId: options.workerId,
    notifications: options.notifications,
    signals: options.signals,
  });
  return {
    ...module,
    knex,
    historyStore: store,
    fleet,
    inventory,
    workloads,
    catalog,
    auditEvents: events,
    logger,
  };
}

/**
 * Backend replicas on one database, each with its own worker and (on
 * PostgreSQL) its own connection pool. Each is stopped, and its pool
 * closed, by the test's `cleanups`.
 */
export async function createReplicas(
  knex: Knex,
  cleanups: (() => Promise<void>)[],
  options: HarnessOptions[] = [{}, {}],
) {
  const extraPools: Knex[] = [];
  const out: Awaited<ReturnType<typeof createHarness>>[] = [];
  for (let i = 0; i < options.length; i++) {
    const k = i === 0 ? knex : secondKnex(knex);
    if (k !== knex) extraPools.push(k);
    // Replicas of one backend see one fleet.
    const h = await createHarness(k, {
      workerId: `replica-${i}`,
      fleet: out[0]?.fleet,
      ...options[i],
    });
    cleanups.push(() => h.worker.stop({ release: true }));
    out.push(h);
  }
  cleanups.unshift(async () => {
    for (const pool of extraPools) await pool.destroy();
  });
  return out;
}

/** Waits for state a worker reaches in its own time (a truthy value). */
export function waitFor<T>(
  fn: () => Promise<T | undefined | false>,
): Promise<T> {
  return eventually(
    async () => {
      const value = await fn();
      if (!value) throw new Error('state not reached');
      return value;
    },
    60_000,
    20,
  );
}
