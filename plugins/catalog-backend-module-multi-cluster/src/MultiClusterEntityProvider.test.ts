import { mockServices } from '@backstage/backend-test-utils';
import type { EntityProviderConnection } from '@backstage/plugin-catalog-node';
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

function provider() {
  const logger = mockServices.logger.mock();
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
  });
  return { entityProvider, connection, logger };
}

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
    expect(await entityProvider.run()).toEqual({ entities: 3 });
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
