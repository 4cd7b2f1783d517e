import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type {
  ClusterHealth,
  ClusterTaint,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { readMultiClusterConfig } from '@flotilla/plugin-multi-cluster-node';
import { Knex } from 'knex';
import { migrateToLatest } from '../../database/migrations';
import type { FleetInventoryService } from '../../inventory/FleetInventory';
import { createDetectionModule, type DetectionModuleOptions } from '..';
import type { ObservedService, RecoveryStarter } from '../types';

const T0 = Date.parse('2027-03-01T10:00:00.000Z');
/** The injected clock: `at(s)` is s seconds after T0. */
export const at = (seconds: number) => new Date(T0 + seconds * 1000);

export const HEALTHY: ClusterHealth = {
  status: 'healthy',
  via: 'readyz',
  message: 'probe: ok',
  evidence: [{ source: 'probe', status: 'healthy', reason: 'ok' }],
};

/** The probe is refused: an outage. */
export const REFUSED: ClusterHealth = {
  status: 'unhealthy',
  via: 'readyz',
  message: 'probe: connection refused',
  evidence: [
    { source: 'probe', status: 'unhealthy', reason: 'connection refused' },
  ],
};

/** The probe answers 401: this backend's credentials, not an outage. */
export const UNAUTHORIZED: ClusterHealth = {
  status: 'unknown',
  via: 'none',
  message: 'probe: HTTP 401 Unauthorized',
  evidence: [
    { source: 'probe', status: 'unknown', reason: 'HTTP 401 Unauthorized' },
  ],
};

/** A fleet whose clusters' health the test sets, as the inventory says it. */
export class FakeInventory {
  private readonly clusters = new Map<string, FleetCluster>();

  constructor(names: string[]) {
    for (const name of names) this.set(name, HEALTHY);
  }

  set(name: string, health: ClusterHealth, taints?: ClusterTaint[]) {
    this.clusters.set(name, {
      name,
      source: 'config',
      sources: [{ type: 'config', id: 'config' }],
      labels: {},
      region: `${name}-1`,
      capacity: {},
      health,
      taints,
      stale: false,
      refreshedAt: new Date(T0).toISOString(),
    });
  }

  get service(): FleetInventoryService {
    return {
      getClusters: async () => [...this.clusters.values()],
    } as unknown as FleetInventoryService;
  }
}

/** A DR-declared service running on eu-west (and us-east, when given). */
export function service(
  name: string,
  extra: Partial<ObservedService> & {
    policy?: 'manual' | 'automatic';
    tolerationSeconds?: number;
  } = {},
): ObservedService {
  const entityRef = `component:default/${name}`;
  return {
    entityRef,
    title: name,
    owners: [`group:default/${name}-team`],
    spec: {
      entityRef,
      strategy: 'active-passive-warm',
      failoverPolicy: extra.policy,
      tolerationSeconds: extra.tolerationSeconds,
    },
    placement: [
      { name: 'eu-west', replicas: 3 },
      { name: 'us-east', replicas: 0 },
    ],
    karmadaFailover: false,
    signals: [],
    ...extra,
  };
}

/** A recovery starter that starts one storm per key and records every call. */
export function recordingRecovery() {
  const calls: {
    kind: 'failover' | 'failback';
    clusters: string[];
    entityRefs: string[];
    idempotencyKey: string;
  }[] = [];
  const storms = new Map<string, string>();
  const start =
    (kind: 'failover' | 'failback') =>
    async (input: Parameters<RecoveryStarter['startRegionFailover']>[0]) => {
      calls.push({
        kind,
        clusters: input.clusters,
        entityRefs: input.entityRefs,
        idempotencyKey: input.idempotencyKey,
      });
      if (!storms.has(input.idempotencyKey)) {
        storms.set(input.idempotencyKey, `storm-${storms.size + 1}`);
      }
      return { stormId: storms.get(input.idempotencyKey)! };
    };
  const recovery: RecoveryStarter = {
    startRegionFailover: start('failover'),
    startFailback: start('failback'),
  };
  return { recovery, calls, storms };
}

/** Notifications as sent. */
export function recordingNotifications() {
  const sent: Parameters<NotificationService['send']>[0][] = [];
  const notifications = {
    send: async (options: Parameters<NotificationService['send']>[0]) => {
      sent.push(options);
    },
  } as NotificationService;
  return { notifications, sent };
}

/** One backend replica's detection on `knex`, with the test's fakes. */
export async function createDetection(
  knex: Knex,
  options: {
    inventory: FakeInventory;
    services: () => ObservedService[];
    recovery?: RecoveryStarter;
    notifications?: NotificationService;
    permissions?: DetectionModuleOptions['permissions'];
    /** The clusters a caller may read (default: every cluster). */
    readable?: (credentials: unknown) => string[] | undefined;
    /** `multiCluster.detection.timeScale`. */
    timeScale?: number;
  },
) {
  await migrateToLatest(knex);
  const rootConfig = new ConfigReader({
    multiCluster: {
      catalog: { enabled: false },
      ...(options.timeScale
        ? { detection: { timeScale: options.timeScale } }
        : {}),
    },
    app: { baseUrl: 'https://backstage.example.com' },
  });
  const moduleOptions: DetectionModuleOptions = {
    config: rootConfig as unknown as DetectionModuleOptions['config'],
    logger: mockServices.logger.mock(),
    database: {
      getClient: async () => knex,
    } as DetectionModuleOptions['database'],
    auth: mockServices.auth(),
    permissions: options.permissions ?? mockServices.permissions(),
    catalog: {} as DetectionModuleOptions['catalog'],
    services: {
      config: readMultiClusterConfig(rootConfig),
      inventory: options.inventory.service,
      placement: {} as DetectionModuleOptions['services']['placement'],
      karmada: [],
      clusterReads: {
        readableClusters: async credentials => {
          const all = await options.inventory.service.getClusters();
          const names = options.readable?.(credentials);
          return names ? all.filter(c => names.includes(c.name)) : all;
        },
      },
    },
    notifications: options.notifications,
    recovery: options.recovery,
    observer: { observe: async () => options.services() },
  };
  return createDetectionModule(moduleOptions);
}

/** Every decision row, oldest first. */
export async function decisionRows(knex: Knex) {
  return knex('multi_cluster_detection_decisions')
    .select(
      'entity_ref',
      'kind',
      'clusters',
      'policy',
      'storm_id',
      'reason',
      'evidence',
      'episode_key',
    )
    .orderBy('created_at')
    .orderBy('entity_ref');
}
