/* Backend replicas of the failover bench: each a failover module over a fleet of in-memory API servers. */
import { ConfigReader } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { knex as createKnex, Knex } from 'knex';
import {
  readMultiClusterConfig,
  ClusterClientFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterStore } from '../src/database/MultiClusterStore';
import { FleetInventory } from '../src/inventory/FleetInventory';
import { EntityPlacementService } from '../src/placement/EntityPlacementService';
import { WorkloadService } from '../src/workloads/WorkloadService';
import { createFailoverModule, FailoverModule } from '../src/failover';
import { FailoverConfig } from '../src/failover/config';
import { defaultStepExecutors, StepExecutors } from '../src/failover/steps';
import { InMemoryFleet } from '../src/__testUtils__/InMemoryFleet';
import { getVoidLogger } from './voidLogger';

export const PG =
  process.env.BENCH_PG ?? 'postgresql://postgres@127.0.0.1:5432';
export const SOURCE = 'eu-west';
export const TARGET = 'us-east';
const logger = getVoidLogger();

export const user = {
  $$type: '@backstage/BackstageCredentials',
  principal: { type: 'user', userEntityRef: 'user:default/owner' },
} as any;

/** The failover request of one service. */
export function failoverOf(service: string) {
  return {
    entityRef: `component:default/${service}`,
    from: SOURCE,
    to: TARGET,
    reason: 'bench',
    force: true,
  };
}

function entity(name: string): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name,
      namespace: 'default',
      annotations: {
        'backstage.io/kubernetes-id': name,
        'backstage.io/kubernetes-namespace': 'shop',
      },
    },
    spec: { type: 'service', owner: 'user:default/owner', lifecycle: 'x' },
  };
}

/** Two clusters, each service a Deployment in `shop`: 2 replicas on the source, 0 on the target. */
export function startFleet(services: string[]): Promise<InMemoryFleet> {
  return InMemoryFleet.start({
    clusters: [
      { name: SOURCE, region: 'eu-west-1', provider: 'aws' },
      { name: TARGET, region: 'us-east-1', provider: 'gcp' },
    ].map(c => ({
      ...c,
      capacity: { cpu: '100000', memory: '100000Gi', pods: '100000' },
    })),
    workloads: services.map(s => ({
      kubernetesId: s,
      namespace: 'shop',
      replicas: { [SOURCE]: 2, [TARGET]: 0 },
    })),
  });
}

/** Steps that do nothing: what is left is the orchestration. */
export const instant: Partial<StepExecutors> = Object.fromEntries(
  Object.keys(defaultStepExecutors).map(k => [k, async () => ({})]),
);

/**
 * One backend replica: the failover module over the fleet, with the
 * default poll interval (the safety net) unless `overrides` says otherwise.
 */
export async function replica(
  knex: Knex,
  fleet: InMemoryFleet,
  services: string[],
  id: string,
  executors?: Partial<StepExecutors>,
  overrides: Partial<FailoverConfig> = {},
): Promise<FailoverModule> {
  const root = new ConfigReader({
    multiCluster: {
      catalog: { enabled: false },
      // 200 concurrent runs share 2 cores with the API servers: a request
      // timeout there would be the machine, not the orchestration.
      timeouts: { clusterRequest: 30_000 },
    },
  });
  const config = readMultiClusterConfig(root);
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex } as any,
  });
  const clients = new ClusterClientFactory({
    ...config,
    configClusters: fleet.configClusters,
  });
  const inventory = new FleetInventory({
    connectors: [fleet],
    store,
    clients,
    logger,
    healthTimeoutMs: 1000,
    connectorTimeoutMs: 5000,
    concurrency: 20,
  });
  await inventory.refresh();
  const workloads = new WorkloadService({ inventory, clients });
  const catalog = catalogServiceMock({ entities: services.map(entity) });
  const placement = new EntityPlacementService({
    catalog,
    inventory,
    workloads,
    karmada: [],
    concurrency: 20,
    clusterTimeoutMs: config.clusterTimeoutMs,
    logger,
  });
  const event = { success: async () => {}, fail: async () => {} };
  return createFailoverModule({
    config: root as any,
    logger,
    database: { getClient: async () => knex } as any,
    permissions: {
      authorize: async (reqs: any[]) =>
        reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
      authorizeConditional: async () => [],
    } as any,
    auditor: { createEvent: async () => event } as any,
    catalog,
    services: { inventory, workloads, placement, karmada: [], store, clients },
    executors,
    workerId: id,
    overrides: {
      leaseMs: 10_000,
      concurrency: 50,
      stepPollIntervalMs: 10,
      retryBackoffMs: 10,
      ...overrides,
    },
  });
}

/** A new, empty PostgreSQL database named `name`. */
export async function freshPg(name: string): Promise<Knex> {
  const admin = createKnex({ client: 'pg', connection: PG });
  await admin.raw(`DROP DATABASE IF EXISTS ${name}`);
  await admin.raw(`CREATE DATABASE ${name}`);
  await admin.destroy();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return createKnex({
    client: 'pg',
    connection: url.toString(),
    pool: { min: 0, max: 10 },
  });
}

export async function dropPg(names: string[]): Promise<void> {
  const admin = createKnex({ client: 'pg', connection: PG });
  for (const name of names) {
    await admin.raw(`DROP DATABASE IF EXISTS ${name}`);
  }
  await admin.destroy();
}

/** The value below which a share `p` of the sorted values lie. */
export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
