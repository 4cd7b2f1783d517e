import { mockCredentials } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import { NotAllowedError } from '@backstage/errors';
import {
  ClusterProfile,
  FailoverStepKind,
  readServiceDrSpec,
  WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';
import { Knex } from 'knex';
import { InMemoryFleet } from '../../__testUtils__/InMemoryFleet';
import {
  createHarness,
  HarnessOptions,
  recordingAuditor,
} from '../../failover/__testUtils__/harness';
import { defaultStepExecutors, StepExecutor } from '../../failover/steps';
import { createStormModule, StormModuleOptions } from '..';
import { StormLimits } from '../types';

export const PLATFORM = 'user:default/platform-admin';
export const platform = mockCredentials.user(PLATFORM);
export const outsider = mockCredentials.user('user:default/outsider');

/** A cluster of a storm test fleet: its region and CPU cores. */
export interface StormCluster {
  name: string;
  region: string;
  cpu: number;
}

/** A service of a storm test: its tier, replicas per cluster and where it may run. */
export interface StormService {
  name: string;
  tier: number;
  replicas: Record<string, number>;
  /** Clusters its placement allows (the survivors among them take it). */
  clusters: string[];
  /** CPU cores per replica. Default 1. */
  cpu?: number;
}

export function stormEntity(service: StormService): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: service.name,
      namespace: 'default',
      annotations: {
        'backstage.io/kubernetes-id': service.name,
        'backstage.io/kubernetes-namespace': 'shop',
        'flotilla.io/dr-strategy': 'active-active',
        'flotilla.io/dr-tier': String(service.tier),
        'flotilla.io/resource-request': `cpu=${service.cpu ?? 1}`,
        'flotilla.io/placement': JSON.stringify({
          clusterAffinity: { clusterNames: service.clusters },
        }),
      },
    },
    spec: { type: 'service', owner: 'user:default/owner', lifecycle: 'x' },
  };
}

/** Every service a Deployment in `shop` on every cluster (0 where it does not run). */
export function startStormFleet(
  clusters: StormCluster[],
  services: StormService[],
): Promise<InMemoryFleet> {
  return InMemoryFleet.start({
    clusters: clusters.map(c => ({
      name: c.name,
      region: c.region,
      capacity: { cpu: String(c.cpu), memory: '1000Gi', pods: '1000' },
    })),
    workloads: services.map(s => ({
      kubernetesId: s.name,
      namespace: 'shop',
      replicas: Object.fromEntries(
        clusters.map(c => [c.name, s.replicas[c.name] ?? 0]),
      ),
    })),
  });
}

/**
 * The what-if inputs as the test fleet's API servers hold them now: each
 * service where its Deployments want replicas, each cluster's allocated
 * CPU the sum of what those replicas request (the model a real cluster
 * reports once the pods run).
 */
export function fleetInputs(
  fleet: InMemoryFleet,
  clusters: StormCluster[],
  services: StormService[],
) {
  return {
    read: async () => {
      const used = new Map<string, number>();
      const inputs: WhatIfServiceInput[] = services.map(s => {
        const placement = clusters.map(c => ({
          name: c.name,
          replicas: fleet.replicas(c.name, s.name),
        }));
        for (const p of placement) {
          used.set(p.name, (used.get(p.name) ?? 0) + p.replicas * (s.cpu ?? 1));
        }
        const entity = stormEntity(s);
        const ref = `component:default/${s.name}`;
        const { spec } = readServiceDrSpec(ref, entity.metadata.annotations);
        return { spec: { ...spec!, kubernetesId: s.name }, placement };
      });
      const profiles: ClusterProfile[] = clusters.map(c => ({
        name: c.name,
        region: c.region,
        health: 'healthy',
        resourceSummary: {
          allocatable: { cpu: String(c.cpu), memory: '1000Gi', pods: '1000' },
          allocated: {
            cpu: String(used.get(c.name) ?? 0),
            memory: '0',
            pods: '0',
          },
        },
      }));
      return { fleet: profiles, services: inputs };
    },
  };
}

/** Only the platform admin may run region failovers; everyone reads everything. */
export const platformOnly: StormModuleOptions['services']['permissions'] = {
  authorizeBasic: async (permission, credentials) => {
    const user = (credentials.principal as { userEntityRef?: string })
      .userEntityRef;
    if (user !== PLATFORM) {
      throw new NotAllowedError(`Permission '${permission.name}' denied`);
    }
  },
  clusterFilter: async () => () => true,
};

/** Steps that succeed at once: the storm tests watch the shift only. */
export function instantStepsBut(
  shift: StepExecutor,
): Record<FailoverStepKind, StepExecutor> {
  const instant: StepExecutor = async () => ({});
  return {
    'precheck-source': instant,
    'precheck-target': instant,
    'gitops-pause': instant,
    'state-restore': instant,
    'shift-replicas': shift,
    'gitops-sync': instant,
    'traffic-shift': instant,
    verify: instant,
    'gitops-resume': instant,
    notify: instant,
  };
}

export const realShift = defaultStepExecutors['shift-replicas'];

export interface StormHarnessOptions extends HarnessOptions {
  clusters: StormCluster[];
  stormServices: StormService[];
  limits?: Partial<StormLimits>;
  /** The orchestrator's clock (another replica's may run ahead). */
  now?: () => number;
  workSignal?: StormModuleOptions['workSignal'];
  /** Wraps the failover module's internal entry (tests hold it). */
  wrapInternal?: (
    internal: StormModuleOptions['failover']['internal'],
  ) => StormModuleOptions['failover']['internal'];
}

/** One backend replica with the failover module and the storm module. */
export async function createStormHarness(
  knex: Knex,
  options: StormHarnessOptions,
) {
  const fleet =
    options.fleet ??
    (await startStormFleet(options.clusters, options.stormServices));
  const failover = await createHarness(knex, {
    ...options,
    fleet,
    services: options.stormServices.map(s => s.name),
    entities: options.stormServices.map(stormEntity),
    overrides: {
      timeScale: 1,
      stepPollIntervalMs: 20,
      retryBackoffMs: 50,
      ...options.overrides,
    },
  });
  const { auditor, events: auditEvents } = recordingAuditor();
  const storms = createStormModule({
    config: new ConfigReader({}),
    logger: failover.logger,
    auditor,
    auth: { getOwnServiceCredentials: async () => mockCredentials.service() },
    signals: options.signals,
    failover: {
      ...failover,
      internal: options.wrapInternal?.(failover.internal) ?? failover.internal,
    },
    services: {
      inventory: failover.inventory,
      store: failover.historyStore,
      permissions: platformOnly,
    },
    whatIfInputs: fleetInputs(fleet, options.clusters, options.stormServices),
    workSignal: options.workSignal,
    overrides: {
      limits: options.limits,
      leaseMs: 1000,
      pollIntervalMs: 50,
      now: options.now,
    },
    orchestratorId: options.workerId,
  });
  return { ...failover, fleet, storms, stormAuditEvents: auditEvents };
}
