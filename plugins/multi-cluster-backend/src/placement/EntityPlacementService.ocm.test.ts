import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import {
  ClusterClientFactory,
  OcmHubConnector,
} from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { WorkloadService } from '../workloads/WorkloadService';
import { EntityPlacementService } from './EntityPlacementService';

// The desired placement an Open Cluster Management hub holds for an entity.

const HUBS = {
  'ocm-hub': 'https://ocm-hub.example.com:6443',
  'ocm-broken': 'https://ocm-broken.example.com:6443',
};
const GROUP = 'apis/cluster.open-cluster-management.io/v1beta1';

const entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'storefront',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-id': 'storefront',
      'backstage.io/kubernetes-namespace': 'shop',
    },
  },
  spec: { type: 'service', owner: 'shop', lifecycle: 'production' },
};

const server = setupKubernetesMocks();

function setup(hubs: (keyof typeof HUBS)[]) {
  const inventory: FleetInventoryService = {
    getClusters: async () => [],
    getCluster: async () => undefined,
    getAccess: async () => undefined,
    listClusters: async () => ({ items: [], totalCount: 0 }),
    refresh: async () => ({} as any),
  };
  const ocmConfig = hubs.map(name => ({
    name,
    url: HUBS[name],
    token: `${name}-token`,
  }));
  const clients = new ClusterClientFactory({
    configClusters: [],
    karmada: [],
    clusterApi: [],
    ocm: ocmConfig,
    catalog: { enabled: false },
    clusterTimeoutMs: 2000,
  });
  return new EntityPlacementService({
    catalog: catalogServiceMock({ entities: [entity] }),
    inventory,
    workloads: new WorkloadService({ inventory, clients }),
    karmada: [],
    ocm: ocmConfig.map(
      hub =>
        new OcmHubConnector({
          hub,
          client: clients.forControlPlane('ocm', hub.name)!,
          logger: mockServices.logger.mock(),
        }),
    ),
    concurrency: 10,
    clusterTimeoutMs: 2000,
    logger: mockServices.logger.mock(),
  });
}

describe('EntityPlacementService with OCM hubs', () => {
  it('answers the Placements labelled with the entity’s id in its namespace, their decisions and whether they are satisfied; a failing hub is an error', async () => {
    const requests: string[] = [];
    server.use(
      http.get(
        `${HUBS['ocm-hub']}/${GROUP}/namespaces/shop/placements`,
        ({ request }) => {
          requests.push(
            `${request.headers.get('authorization')} ${new URL(
              request.url,
            ).searchParams.get('labelSelector')}`,
          );
          return HttpResponse.json({
            items: [
              {
                metadata: { name: 'storefront', namespace: 'shop' },
                spec: {
                  clusterSets: ['prod'],
                  numberOfClusters: 2,
                  predicates: [
                    {
                      requiredClusterSelector: {
                        labelSelector: { matchLabels: { environment: 'prod' } },
                      },
                    },
                  ],
                },
                status: {
                  numberOfSelectedClusters: 1,
                  conditions: [
                    {
                      type: 'PlacementSatisfied',
                      status: 'False',
                      reason: 'NotAllDecisionsScheduled',
                      message: '1 cluster selected, 2 wanted',
                    },
                  ],
                },
              },
            ],
          });
        },
      ),
      http.get(
        `${HUBS['ocm-hub']}/${GROUP}/namespaces/shop/placementdecisions`,
        () =>
          HttpResponse.json({
            items: [
              {
                metadata: { name: 'storefront-decision-1' },
                status: {
                  decisions: [{ clusterName: 'prod-eu-west-aws-1' }],
                },
              },
            ],
          }),
      ),
      http.get(
        `${HUBS['ocm-broken']}/${GROUP}/namespaces/shop/placements`,
        () =>
          HttpResponse.json(
            k8sStatus(403, 'Forbidden', 'placements is forbidden'),
            { status: 403 },
          ),
      ),
    );
    const answer = await setup(['ocm-hub', 'ocm-broken']).getPlacement(
      { kind: 'component', namespace: 'default', name: 'storefront' },
      mockCredentials.user(),
    );
    expect(requests).toEqual([
      'Bearer ocm-hub-token backstage.io/kubernetes-id=storefront',
    ]);
    expect(answer.desired.karmada).toEqual([]);
    expect(answer.desired.ocm).toEqual([
      {
        hub: 'ocm-hub',
        namespace: 'shop',
        name: 'storefront',
        clusterSets: ['prod'],
        numberOfClusters: 2,
        predicates: ['labels: environment=prod'],
        numberOfSelectedClusters: 1,
        decisions: [{ cluster: 'prod-eu-west-aws-1', reason: undefined }],
        satisfied: {
          status: 'False',
          reason: 'NotAllDecisionsScheduled',
          message: '1 cluster selected, 2 wanted',
        },
      },
    ]);
    expect(answer.errors).toEqual([
      {
        cluster: 'ocm:ocm-broken',
        message: expect.stringMatching(/placements is forbidden/),
        timeout: false,
      },
    ]);
  });

  it('answers an empty list without hubs', async () => {
    const answer = await setup([]).getPlacement(
      { kind: 'component', namespace: 'default', name: 'storefront' },
      mockCredentials.user(),
    );
    expect(answer.desired.ocm).toEqual([]);
    expect(answer.errors).toEqual([]);
  });
});
