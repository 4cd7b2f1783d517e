import { mockServices } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import type {
  CatalogService,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import { createClusterSources } from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
  KARMADA,
  KARMADA_TOKEN,
  karmadaClustersWithGarbage,
  resourceBindings,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { MultiClusterEntityProvider } from './MultiClusterEntityProvider';

const server = setupKubernetesMocks();

function provider(
  catalog: Pick<CatalogService, 'getEntitiesByRefs'> = catalogServiceMock(),
) {
  const logger = mockServices.logger.mock();
  const taskRunner = { run: jest.fn(async () => {}) };
  const connection = {
    applyMutation: jest.fn<
      ReturnType<EntityProviderConnection['applyMutation']>,
      Parameters<EntityProviderConnection['applyMutation']>
    >(async () => {}),
    refresh: jest.fn<
      ReturnType<EntityProviderConnection['refresh']>,
      Parameters<EntityProviderConnection['refresh']>
    >(async () => {}),
  };
  const entityProvider = new MultiClusterEntityProvider({
    connectors: createClusterSources({
      config: mockServices.rootConfig({
        data: {
          multiCluster: {
            karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
            conflictRetries: 1,
          },
        },
      }),
      logger,
    }).map(source => source.connector),
    logger,
    owner: 'group:default/platform',
    locations: { 'karmada:global': KARMADA },
    taskRunner,
    catalog,
    auth: mockServices.auth(),
  });
  return { entityProvider, connection, logger, taskRunner };
}

/** A cluster entity as another location (the demo catalog's file) holds it. */
const fileEntity = (name: string, location: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'backstage.io/managed-by-location': location },
  },
  spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
});

function serveClusters() {
  server.use(
    http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
      HttpResponse.json(karmadaClustersWithGarbage),
    ),
    http.get(`${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`, () =>
      HttpResponse.json(resourceBindings),
    ),
  );
}

const emitted = (connection: ReturnType<typeof provider>['connection']) => {
  const [mutation] = connection.applyMutation.mock.calls[0];
  return mutation.type === 'full'
    ? mutation.entities.map(e => e.entity.metadata.name)
    : [];
};

describe('MultiClusterEntityProvider', () => {
  it('keeps the catalog and escapes the source’s error text in its log line', async () => {
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(
          k8sStatus(
            500,
            'InternalError',
            'down\r\n2026-01-01T00:00:00Z info Ingested 0 clusters\0',
          ),
          { status: 500 },
        ),
      ),
    );
    const { entityProvider, connection, logger } = provider();
    await entityProvider.connect(connection);
    expect(await entityProvider.run()).toBeUndefined();
    expect(connection.applyMutation).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const line: string = (logger.warn as jest.Mock).mock.calls[0][0];
    expect(line).toMatch(
      /^Skipping catalog update: source karmada:global failed: /,
    );
    expect(line).toContain(
      'down\\r\\n2026-01-01T00:00:00Z info Ingested 0 clusters\\0',
    );
    expect(line).not.toMatch(/[\r\n\0]/);
  });

  it('starts its refreshes only once connected', async () => {
    const { entityProvider, connection, taskRunner } = provider();
    expect(taskRunner.run).not.toHaveBeenCalled();
    await entityProvider.connect(connection);
    expect(taskRunner.run).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'multi-cluster-clusters-entity-provider' }),
    );
    serveClusters();
    // The first scheduled run already has the connection to apply to.
    const [{ fn }] = taskRunner.run.mock.calls[0] as unknown as [
      { fn: (signal: AbortSignal) => Promise<void> },
    ];
    await fn(new AbortController().signal);
    expect(connection.applyMutation).toHaveBeenCalledTimes(1);
  });

  it('leaves out the clusters another location owns, says which, and counts what it ingested', async () => {
    serveClusters();
    const { entityProvider, connection, logger } = provider(
      catalogServiceMock({
        entities: [
          fileEntity('member-eu', 'file:/repo/examples/fleet/clusters.yaml'),
          fileEntity('member-us', `url:${KARMADA}`),
        ],
      }),
    );
    await entityProvider.connect(connection);
    expect(await entityProvider.run()).toEqual({
      entities: 2,
      leftOut: ['member-eu'],
    });
    expect(emitted(connection)).toEqual(['member-garbage', 'member-us']);
    expect(logger.info).toHaveBeenCalledWith(
      'Ingested 2 Karmada/Cluster API clusters into the catalog; left out 1 another location already owns: member-eu (file:/repo/examples/fleet/clusters.yaml)',
    );
  });

  it('keeps the catalog when it cannot ask the catalog who owns what', async () => {
    serveClusters();
    const { entityProvider, connection, logger } = provider({
      getEntitiesByRefs: async () => {
        throw new Error('catalog not ready');
      },
    });
    await entityProvider.connect(connection);
    expect(await entityProvider.run()).toBeUndefined();
    expect(connection.applyMutation).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith(
      'Skipping catalog update: could not look up which clusters the catalog already holds: catalog not ready',
    );
  });

  it('ingests a member reporting garbage quantities with its valid capacity only', async () => {
    server.use(
      http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
        HttpResponse.json(karmadaClustersWithGarbage),
      ),
      http.get(
        `${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`,
        () => HttpResponse.json(resourceBindings),
      ),
    );
    const { entityProvider, connection } = provider();
    await entityProvider.connect(connection);
    expect(await entityProvider.run()).toEqual({ entities: 3, leftOut: [] });
    const [mutation] = connection.applyMutation.mock.calls[0];
    const garbage = mutation.type === 'full' ? mutation.entities : [];
    const entity = garbage.find(
      e => e.entity.metadata.name === 'member-garbage',
    )!.entity;
    expect(entity.metadata.annotations?.['flotilla.io/capacity']).toBe(
      'pods=110',
    );
  });
});
