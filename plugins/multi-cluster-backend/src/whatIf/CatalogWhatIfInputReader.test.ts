import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import { CompoundEntityRef, Entity } from '@backstage/catalog-model';
import { NotFoundError } from '@backstage/errors';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type {
  EntityPlacement,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { CatalogWhatIfInputReader } from './CatalogWhatIfInputReader';

function component(
  name: string,
  annotations: Record<string, string> = {},
  dependsOn: string[] = [],
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name, namespace: 'default', annotations },
    spec: { type: 'service', owner: 'team-a', lifecycle: 'production' },
    relations: dependsOn.map(targetRef => ({ type: 'dependsOn', targetRef })),
  };
}

const drDeclared = (strategy: string, extra: Record<string, string> = {}) => ({
  'flotilla.io/dr-strategy': strategy,
  ...extra,
});

function cluster(name: string, region: string): FleetCluster {
  return {
    name,
    region,
    source: 'config',
    sources: [{ type: 'config', id: 'config' }],
    labels: {},
    capacity: {
      allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
      allocated: { cpu: '2', memory: '4Gi', pods: '10' },
    },
    health: { status: 'healthy', via: 'readyz' },
    connectivity: { clusterSets: ['mesh'] } as FleetCluster['connectivity'],
    stale: false,
    refreshedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Where each service runs: `replicas` on each of `clusters`. */
const RUNS_ON: Record<string, Record<string, number>> = {
  checkout: { 'eu-1': 3, 'us-1': 1 },
  'payments-db': { 'eu-1': 1 },
  search: { 'us-1': 2 },
};

function placementOf(ref: CompoundEntityRef): EntityPlacement {
  const runs = RUNS_ON[ref.name];
  if (!runs) throw new NotFoundError(`Entity ${ref.name} not found`);
  const clusters = Object.entries(runs).map(([name, replicas]) => ({
    cluster: name,
    source: 'config' as const,
    workloads: [],
    replicas,
    readyReplicas: replicas,
    latencyMs: 1,
  }));
  return {
    entityRef: `component:default/${ref.name}`,
    kubernetesId: ref.name,
    desired: { karmada: [] },
    actual: { clusters, totalReplicas: 0, readyReplicas: 0 },
    errors: [],
    durationMs: 1,
  };
}

function setup(
  entities: Entity[],
  options: { concurrency?: number; maxServices?: number } = {},
) {
  const catalog = catalogServiceMock({ entities });
  const getEntities = jest.spyOn(catalog, 'getEntities');
  const placementCredentials: BackstageCredentials[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const placement = {
    getPlacement: jest.fn(
      async (ref: CompoundEntityRef, credentials: BackstageCredentials) => {
        placementCredentials.push(credentials);
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // Yield to the event loop so the other reads may start.
        await new Promise(resolve => setImmediate(resolve));
        inFlight--;
        return placementOf(ref);
      },
    ),
  };
  const dependencies = {
    dependenciesOf: jest.fn(async (entity: Entity) =>
      (entity.relations ?? []).map(r => ({
        ref: r.targetRef,
        clusters: [{ name: 'eu-1', clusterSets: ['mesh'] }],
        problem: 'left out of the answer',
      })),
    ),
  };
  const logger = mockServices.logger.mock();
  const reader = new CatalogWhatIfInputReader({
    catalog,
    auth: mockServices.auth({ pluginId: 'multi-cluster' }),
    inventory: {
      getClusters: async () => [
        cluster('eu-1', 'eu-west'),
        cluster('us-1', 'us-east'),
      ],
    } as never,
    placement,
    dependencies,
    logger,
    ...options,
  });
  return {
    reader,
    getEntities,
    placement,
    dependencies,
    logger,
    placementCredentials,
    mostInFlight: () => mostInFlight,
  };
}

describe('CatalogWhatIfInputReader', () => {
  it('reads every DR-declared service, where it runs and its dependencies', async () => {
    const { reader, dependencies } = setup([
      component(
        'checkout',
        drDeclared('active-active', {
          'flotilla.io/dr-tier': '0',
          'flotilla.io/resource-request': 'cpu=500m,memory=1Gi',
        }),
        ['component:default/payments-db'],
      ),
      component('payments-db', drDeclared('active-passive-warm')),
      component('blog'),
    ]);
    const { fleet, services } = await reader.read();

    // The inventory's clusters as the scheduler sees them.
    expect(fleet.map(c => [c.name, c.region, c.health])).toEqual([
      ['eu-1', 'eu-west', 'healthy'],
      ['us-1', 'us-east', 'healthy'],
    ]);
    expect(fleet[0].resourceSummary?.allocated).toEqual({
      cpu: '2',
      memory: '4Gi',
      pods: '10',
    });
    // blog declares no strategy; the others come by name.
    expect(services.map(s => s.spec.entityRef)).toEqual([
      'component:default/checkout',
      'component:default/payments-db',
    ]);
    expect(services[0]).toEqual({
      spec: expect.objectContaining({
        strategy: 'active-active',
        tier: 0,
        resourceRequest: { cpu: '500m', memory: '1Gi' },
      }),
      placement: [
        { name: 'eu-1', replicas: 3 },
        { name: 'us-1', replicas: 1 },
      ],
      // The reader's problem field stays out: the planner takes ref and clusters.
      dependencies: [
        {
          ref: 'component:default/payments-db',
          clusters: [{ name: 'eu-1', clusterSets: ['mesh'] }],
        },
      ],
    });
    expect(services[1]).not.toHaveProperty('dependencies');
    // Only checkout depends on something: one dependency read.
    expect(dependencies.dependenciesOf).toHaveBeenCalledTimes(1);
  });

  it("reads with the plugin's own service credentials", async () => {
    const { reader, getEntities, placementCredentials } = setup([
      component('checkout', drDeclared('active-active')),
    ]);
    await reader.read();
    const catalogCredentials = (
      getEntities.mock.calls[0][1] as { credentials?: BackstageCredentials }
    )?.credentials;
    for (const credentials of [catalogCredentials, ...placementCredentials]) {
      expect(credentials?.principal).toMatchObject({
        type: 'service',
        subject: 'plugin:multi-cluster',
      });
    }
    // Only DR-declared entities are asked for.
    expect(getEntities.mock.calls[0][0]?.filter).toEqual({
      'metadata.annotations.flotilla.io/dr-strategy': expect.anything(),
    });
  });

  it('leaves out a service whose strategy or placement cannot be read, and says so', async () => {
    const { reader, logger } = setup([
      component('checkout', drDeclared('active-active')),
      component('sideways', drDeclared('sideways')),
      // Not in RUNS_ON: its placement read fails.
      component('vanished', drDeclared('active-active')),
    ]);
    const { services } = await reader.read();
    expect(services.map(s => s.spec.entityRef)).toEqual([
      'component:default/checkout',
    ]);
    expect(logger.warn).toHaveBeenCalledWith(
      'What-if leaves out component:default/vanished: where it runs could not be read: NotFoundError: Entity vanished not found',
    );
  });

  it('reads at most maxServices services, the first by name', async () => {
    const { reader, logger, placement } = setup(
      [
        component('search', drDeclared('active-active')),
        component('payments-db', drDeclared('active-active')),
        component('checkout', drDeclared('active-active')),
      ],
      { maxServices: 2 },
    );
    const { services } = await reader.read();
    // By name: checkout, payments-db (search is the third).
    expect(services.map(s => s.spec.entityRef)).toEqual([
      'component:default/checkout',
      'component:default/payments-db',
    ]);
    expect(placement.getPlacement).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledWith(
      'What-if reads the first 2 DR-declared services by name; the catalog has more',
    );
  });

  it('reads placements a few at a time', async () => {
    const names = ['checkout', 'payments-db', 'search'];
    const entities = [0, 1, 2, 3, 4, 5].map(index =>
      component(names[index % 3], drDeclared('active-active')),
    );
    // Six entities (three names twice) and room for two reads at once.
    const { reader, placement, mostInFlight } = setup(
      entities.map((entity, index) => ({
        ...entity,
        metadata: { ...entity.metadata, namespace: `ns-${index}` },
      })),
      { concurrency: 2 },
    );
    await reader.read();
    expect(placement.getPlacement).toHaveBeenCalledTimes(6);
    expect(mostInFlight()).toBe(2);
  });
});
