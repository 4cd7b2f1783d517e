import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import {
  k8sStatus,
  setupKubernetesMocks,
  KARMADA,
  KARMADA_TOKEN,
  karmadaClusters,
  resourceBindings,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { catalogModuleMultiClusterClusters } from './catalogModuleMultiClusterEntityProvider';
import { MultiClusterEntityProvider } from './MultiClusterEntityProvider';

const MGMT = 'https://mgmt.example.com';
const server = setupKubernetesMocks();

/** A scheduler whose task runners record what they were asked to run. */
function recordingScheduler() {
  const runs: Array<{ id: string }> = [];
  const scheduler = mockServices.scheduler.mock({
    createScheduledTaskRunner: jest.fn(() => ({
      run: jest.fn(async (task: { id: string }) => {
        runs.push(task);
      }),
    })),
  });
  return { scheduler, runs };
}

function serve() {
  server.use(
    http.get(`${KARMADA}/apis/cluster.karmada.io/v1alpha1/clusters`, () =>
      HttpResponse.json(karmadaClusters),
    ),
    http.get(`${KARMADA}/apis/work.karmada.io/v1alpha2/resourcebindings`, () =>
      HttpResponse.json(resourceBindings),
    ),
    http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, () =>
      HttpResponse.json({
        items: [
          {
            metadata: {
              name: 'capi-prod-1',
              namespace: 'fleet',
              labels: {
                'flotilla.io/environment': 'prod',
                'flotilla.io/region': 'eu-central-1',
              },
            },
            spec: {
              topology: { version: 'v1.31.0', class: 'aws' },
              infrastructureRef: { kind: 'AWSCluster' },
            },
            status: {
              phase: 'Provisioned',
              conditions: [{ type: 'Available', status: 'True' }],
            },
          },
        ],
      }),
    ),
    http.get(
      `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/kubeadmcontrolplanes`,
      () => HttpResponse.json({ items: [] }),
    ),
    http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/machinedeployments`, () =>
      HttpResponse.json({ items: [] }),
    ),
  );
}

describe('catalogModuleMultiClusterClusters', () => {
  it('ingests Karmada and Cluster API clusters as a full mutation', async () => {
    serve();
    const addEntityProvider = jest.fn();
    const { scheduler, runs } = recordingScheduler();
    await startTestBackend({
      extensionPoints: [
        [catalogProcessingExtensionPoint, { addEntityProvider }],
      ],
      features: [
        catalogModuleMultiClusterClusters,
        scheduler.factory,
        catalogServiceMock.factory(),
        mockServices.rootConfig.factory({
          data: {
            multiCluster: {
              karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
              clusterApi: [{ name: 'mgmt', url: MGMT, token: 'mgmt-token' }],
              entityProvider: { owner: 'group:default/sre' },
            },
          },
        }),
      ],
    });
    expect(addEntityProvider).toHaveBeenCalledTimes(1);
    const provider: MultiClusterEntityProvider =
      addEntityProvider.mock.calls[0][0];
    expect(provider.getProviderName()).toBe('multi-cluster-clusters');
    // Nothing runs before the catalog connects the provider.
    expect(scheduler.scheduleTask).not.toHaveBeenCalled();
    expect(runs).toEqual([]);
    expect(scheduler.createScheduledTaskRunner).toHaveBeenCalledWith(
      expect.objectContaining({ scope: 'global' }),
    );

    const connection = { applyMutation: jest.fn(), refresh: jest.fn() };
    await provider.connect(connection);
    expect(runs).toEqual([
      expect.objectContaining({ id: 'multi-cluster-clusters-entity-provider' }),
    ]);
    await provider.run();
    expect(connection.applyMutation).toHaveBeenCalledTimes(1);
    const mutation = connection.applyMutation.mock.calls[0][0];
    expect(mutation.type).toBe('full');
    const entities = mutation.entities.map((e: any) => e.entity);
    expect(entities.map((e: any) => e.metadata.name)).toEqual([
      'capi-prod-1',
      'member-eu',
      'member-us',
    ]);
    const eu = entities.find((e: any) => e.metadata.name === 'member-eu');
    expect(eu).toMatchObject({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        labels: {
          'flotilla.io/environment': 'prod',
          'flotilla.io/region': 'eu-west-1',
          'flotilla.io/provider': 'aws',
        },
        annotations: expect.objectContaining({
          'backstage.io/managed-by-location': `url:${KARMADA}`,
          'kubernetes.io/api-server': 'https://member-eu.example.com:6443',
          'flotilla.io/source': 'karmada:global',
          'flotilla.io/zones': 'eu-west-1a,eu-west-1b',
          'flotilla.io/capacity': 'cpu=48,memory=192Gi,pods=330',
        }),
      },
      spec: { type: 'kubernetes-cluster', owner: 'group:default/sre' },
    });
    const capi = entities.find((e: any) => e.metadata.name === 'capi-prod-1');
    expect(capi.metadata.annotations).toMatchObject({
      'flotilla.io/management-cluster': 'mgmt',
      'flotilla.io/capi-cluster': 'fleet/capi-prod-1',
      'flotilla.io/source': 'cluster-api:mgmt',
    });
    expect(JSON.stringify(entities)).not.toMatch(
      /karmada-admin-token|mgmt-token/,
    );
  });

  it('skips the full mutation when a source fails (no mass deletion)', async () => {
    serve();
    server.use(
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, () =>
        HttpResponse.json(k8sStatus(500, 'InternalError', 'down'), {
          status: 500,
        }),
      ),
    );
    const addEntityProvider = jest.fn();
    await startTestBackend({
      extensionPoints: [
        [catalogProcessingExtensionPoint, { addEntityProvider }],
      ],
      features: [
        catalogModuleMultiClusterClusters,
        recordingScheduler().scheduler.factory,
        catalogServiceMock.factory(),
        mockServices.rootConfig.factory({
          data: {
            multiCluster: {
              karmada: [{ name: 'global', url: KARMADA, token: KARMADA_TOKEN }],
              clusterApi: [{ name: 'mgmt', url: MGMT, token: 'mgmt-token' }],
            },
          },
        }),
      ],
    });
    const provider: MultiClusterEntityProvider =
      addEntityProvider.mock.calls[0][0];
    const connection = { applyMutation: jest.fn(), refresh: jest.fn() };
    await provider.connect(connection);
    expect(await provider.run()).toBeUndefined();
    expect(connection.applyMutation).not.toHaveBeenCalled();
  });

  it('reads multiCluster.entityProvider: off when disabled, on its frequency otherwise', async () => {
    const start = async (entityProvider: object) => {
      const addEntityProvider = jest.fn();
      const { scheduler } = recordingScheduler();
      await startTestBackend({
        extensionPoints: [
          [catalogProcessingExtensionPoint, { addEntityProvider }],
        ],
        features: [
          catalogModuleMultiClusterClusters,
          scheduler.factory,
          catalogServiceMock.factory(),
          mockServices.rootConfig.factory({
            data: {
              multiCluster: {
                karmada: [
                  { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
                ],
                entityProvider,
              },
            },
          }),
        ],
      });
      return { addEntityProvider, scheduler };
    };

    const disabled = await start({ enabled: false });
    expect(disabled.addEntityProvider).not.toHaveBeenCalled();
    expect(disabled.scheduler.createScheduledTaskRunner).not.toHaveBeenCalled();

    const hourly = await start({ frequency: { hours: 1 } });
    expect(hourly.addEntityProvider).toHaveBeenCalledTimes(1);
    expect(hourly.scheduler.createScheduledTaskRunner).toHaveBeenCalledWith(
      expect.objectContaining({ frequency: { hours: 1 } }),
    );
  });
});
