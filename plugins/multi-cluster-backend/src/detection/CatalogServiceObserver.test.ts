import { mockServices } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type {
  EntityPlacement,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import type { CurrentPlacement } from '../failover/ServicePlacement';
import type { ApplicationHealthReader } from './ApplicationHealthReader';
import { CatalogServiceObserver } from './CatalogServiceObserver';

function entity(name: string, annotations: Record<string, string>): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name, namespace: 'default', title: `The ${name}`, annotations },
    spec: { type: 'service', owner: 'team-shop', lifecycle: 'production' },
  };
}

const checkout = entity('checkout', {
  'flotilla.io/dr-strategy': 'active-passive-warm',
  'flotilla.io/failover-policy': 'automatic',
  'flotilla.io/failover-toleration': '2m',
  'flotilla.io/argocd-app': 'checkout',
});
const undeclared = entity('blog', {});

const deployment = (cluster: string, available: number) => ({
  cluster,
  namespace: 'shop',
  kind: 'Deployment' as const,
  name: 'checkout',
  replicas: 3,
  readyReplicas: available,
  availableReplicas: available,
});

/** checkout: 3 on eu-west (read), 3 on ap-south (unreadable, last known), 0 on us-east. */
const current: CurrentPlacement = {
  placement: {
    entityRef: 'component:default/checkout',
    kubernetesId: 'checkout',
    desired: {
      karmada: [
        {
          controlPlane: 'global',
          resource: {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            namespace: 'shop',
            name: 'checkout',
          },
          policies: [
            {
              kind: 'PropagationPolicy',
              name: 'checkout',
              effective: true,
              priority: 0,
              placement: {},
              failover: true,
            },
          ],
        },
      ],
    },
    actual: {
      clusters: [
        {
          cluster: 'eu-west',
          source: 'config',
          workloads: [deployment('eu-west', 0)],
          replicas: 3,
          readyReplicas: 0,
          latencyMs: 1,
        },
      ],
      totalReplicas: 3,
      readyReplicas: 0,
    },
    errors: [{ cluster: 'ap-south', message: 'timeout', timeout: true }],
    durationMs: 1,
  } as EntityPlacement,
  clusters: [] as FleetCluster[],
  assignment: [
    { name: 'eu-west', replicas: 3 },
    { name: 'ap-south', replicas: 3 },
    { name: 'us-east', replicas: 0 },
  ],
};

describe('CatalogServiceObserver', () => {
  it('reads every DR-declared service with its placement, Karmada failover and signals', async () => {
    const read: string[] = [];
    const applications: ApplicationHealthReader = {
      read: async name => {
        read.push(name);
        return new Map([
          ['eu-west', { application: name, status: 'Degraded' }],
        ]);
      },
    };
    const asked: unknown[] = [];
    const observer = new CatalogServiceObserver({
      catalog: catalogServiceMock({ entities: [checkout, undeclared] }),
      auth: mockServices.auth(),
      placement: {
        current: async (_entity, _credentials, options) => {
          asked.push(options);
          return current;
        },
      },
      applications,
      logger: mockServices.logger.mock(),
      concurrency: 2,
    });
    const [service, ...rest] = await observer.observe();
    expect(rest).toEqual([]);
    expect(read).toEqual(['checkout']);
    // A tick takes the census's workloads where the fleet has one.
    expect(asked).toEqual([{ recent: true }]);
    expect(service).toMatchObject({
      entityRef: 'component:default/checkout',
      title: 'The checkout',
      owners: ['group:default/team-shop'],
      spec: { failoverPolicy: 'automatic', tolerationSeconds: 120 },
      placement: current.assignment,
      karmadaFailover: true,
    });
    // Only the clusters it runs on; ap-south could not be read.
    expect(service.signals).toEqual([
      {
        cluster: 'eu-west',
        application: { application: 'checkout', status: 'Degraded' },
        workloads: [deployment('eu-west', 0)],
      },
      { cluster: 'ap-south', application: undefined, workloads: undefined },
    ]);
  });

  it('leaves out a service whose placement cannot be read, and says so', async () => {
    const logger = mockServices.logger.mock();
    const observer = new CatalogServiceObserver({
      catalog: catalogServiceMock({ entities: [checkout] }),
      auth: mockServices.auth(),
      placement: {
        current: async () => {
          throw new Error('karmada:global: connection refused\u001b[2J');
        },
      },
      logger,
      concurrency: 1,
    });
    expect(await observer.observe()).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(
      'Detection could not read component:default/checkout: karmada:global: connection refused\\x1b[2J',
    );
  });
});
