import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  ClusterClientFactory,
  RefreshSummary,
} from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterStore } from '../database/MultiClusterStore';
import { clusterEntity } from '../__testUtils__/fixtures';
import { CatalogClusterConnector } from './connectors/CatalogClusterConnector';
import { FleetInventory } from './FleetInventory';
import { SourceWatch } from './SourceWatch';

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

/** A catalog whose contents the test replaces, as ingestion would. */
function changingCatalog() {
  let current = catalogServiceMock({ entities: [] });
  const catalog = {
    getEntities: (request, options) => current.getEntities(request, options),
  } as Pick<CatalogService, 'getEntities'> as CatalogService;
  return {
    catalog,
    holds(entities: Entity[]) {
      current = catalogServiceMock({ entities });
    },
  };
}

/** A cluster Resource as the catalog serves it, with its etag. */
function ingested(
  name: string,
  etag: string,
  annotations: Record<string, string> = {},
): Entity {
  const entity = clusterEntity(name, annotations);
  return { ...entity, metadata: { ...entity.metadata, etag } };
}

async function setUp() {
  const knex = await databases.init('SQLITE_3');
  const store = await MultiClusterStore.create({
    database: { getClient: async () => knex },
  });
  const { catalog, holds } = changingCatalog();
  const connector = new CatalogClusterConnector({
    catalog,
    auth: mockServices.auth(),
  });
  const logger = mockServices.logger.mock();
  const inventory = new FleetInventory({
    connectors: [connector],
    store,
    clients: new ClusterClientFactory({
      configClusters: [],
      karmada: [],
      clusterApi: [],
      clusterTimeoutMs: 1000,
      catalog: { enabled: true },
    }),
    logger,
    healthTimeoutMs: 1000,
    connectorTimeoutMs: 1000,
    concurrency: 2,
    cacheTtlMs: 0,
  });
  const watch = new SourceWatch({
    sources: [connector],
    inventory,
    logger,
  });
  return { holds, connector, inventory, watch };
}

describe('SourceWatch over the catalog', () => {
  it('refreshes once the catalog ingests clusters or their labels change, and only then', async () => {
    const { holds, inventory, watch } = await setUp();
    // Before the first listing there is nothing to compare with: the
    // scheduled refresh lists first.
    holds([ingested('c1', 'e1')]);
    await expect(watch.check()).resolves.toEqual([]);

    // Start-up: the first refresh runs before the catalog holds anything.
    holds([]);
    await inventory.refresh();
    expect(await inventory.getClusters()).toEqual([]);

    holds([ingested('c1', 'e1')]);
    await expect(watch.check()).resolves.toEqual(['catalog']);
    expect((await inventory.getCluster('c1'))?.workloadClass).toBeUndefined();
    await expect(watch.check()).resolves.toEqual([]);

    // An edit to a label changes the entity's etag.
    holds([ingested('c1', 'e2', { 'flotilla.io/workload-class': 'gpu' })]);
    await expect(watch.check()).resolves.toEqual(['catalog']);
    expect((await inventory.getCluster('c1'))?.workloadClass).toBe('gpu');

    // Another cluster arrives; the order the catalog answers in is no change.
    holds([
      ingested('c2', 'e7'),
      ingested('c1', 'e2', { 'flotilla.io/workload-class': 'gpu' }),
    ]);
    await expect(watch.check()).resolves.toEqual(['catalog']);
    expect((await inventory.getClusters()).map(c => c.name).sort()).toEqual([
      'c1',
      'c2',
    ]);
    holds([
      ingested('c1', 'e2', { 'flotilla.io/workload-class': 'gpu' }),
      ingested('c2', 'e7'),
    ]);
    await expect(watch.check()).resolves.toEqual([]);
  });

  it('leaves a change to the refresh already running, and a failing source to the next check', async () => {
    const logger = mockServices.logger.mock();
    const inventory = {
      refreshing: true,
      refresh: jest.fn(async () => ({} as RefreshSummary)),
    };
    const failing = {
      id: 'catalog',
      changedSinceListed: jest.fn(async () => {
        throw new Error('catalog unavailable');
      }),
    };
    const watch = new SourceWatch({ sources: [failing], inventory, logger });
    await expect(watch.check()).resolves.toEqual([]);
    expect(failing.changedSinceListed).not.toHaveBeenCalled();

    inventory.refreshing = false;
    await expect(watch.check()).resolves.toEqual([]);
    expect(inventory.refresh).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith(
      'Could not check source catalog for changes: catalog unavailable',
    );
  });
});
