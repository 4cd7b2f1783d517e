/**
 * Which (Cluster)PropagationPolicy entity placement shows as effective:
 * Karmada's detector (v1.18.2 `pkg/detector/policy.go`,
 * `propagateResource`) keeps the claim written on the resource template and
 * otherwise gives the template to a PropagationPolicy of its namespace before
 * any ClusterPropagationPolicy (`LookForMatchedPolicy` first, then
 * `LookForMatchedClusterPolicy`), whatever their priorities.
 */
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import {
  KarmadaConnector,
  KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import {
  KARMADA,
  KARMADA_TOKEN,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { WorkloadOperations } from '../workloads/WorkloadService';
import { EntityPlacementService } from './EntityPlacementService';

const POLICIES = `${KARMADA}/apis/policy.karmada.io/v1alpha1`;
const server = setupKubernetesMocks();

const entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'search-api',
    namespace: 'default',
    annotations: {
      'backstage.io/kubernetes-id': 'search-api',
      'backstage.io/kubernetes-namespace': 'discovery',
    },
  },
  spec: { type: 'service', owner: 'discovery', lifecycle: 'production' },
};

const byName = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  name: 'search-api',
};

const policy = (name: string, priority?: number, namespace?: string) => ({
  metadata: { name, ...(namespace ? { namespace } : {}) },
  spec: { priority, resourceSelectors: [byName], placement: { name } },
});

function mockKarmada(options: {
  claim?: { labels: object; annotations: object };
  pps: object[];
  cpps: object[];
}) {
  const list = (items: object[]) => HttpResponse.json({ items });
  server.use(
    http.get(`${KARMADA}/apis/apps/v1/namespaces/discovery/deployments`, () =>
      list([
        {
          metadata: {
            name: 'search-api',
            namespace: 'discovery',
            labels: {
              'backstage.io/kubernetes-id': 'search-api',
              ...options.claim?.labels,
            },
            annotations: options.claim?.annotations,
          },
          spec: { replicas: 6 },
        },
      ]),
    ),
    http.get(`${KARMADA}/apis/apps/v1/namespaces/discovery/statefulsets`, () =>
      list([]),
    ),
    http.get(`${POLICIES}/clusterpropagationpolicies`, () =>
      list(options.cpps),
    ),
    http.get(`${POLICIES}/namespaces/discovery/propagationpolicies`, () =>
      list(options.pps),
    ),
    http.get(
      `${KARMADA}/apis/work.karmada.io/v1alpha2/namespaces/discovery/resourcebindings`,
      () => list([]),
    ),
  );
}

async function matchedPolicies() {
  const inventory = {
    getClusters: async () => [],
  } as unknown as FleetInventoryService;
  const service = new EntityPlacementService({
    catalog: catalogServiceMock({ entities: [entity] }),
    inventory,
    workloads: {} as WorkloadOperations,
    karmada: [
      new KarmadaConnector({
        controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
        client: KubernetesClient.fromEndpoint(
          { name: 'karmada:global', url: KARMADA, token: KARMADA_TOKEN },
          2000,
        ),
        logger: mockServices.logger.mock(),
        conflictRetries: 1,
      }),
    ],
    concurrency: 1,
    clusterTimeoutMs: 2000,
    logger: mockServices.logger.mock(),
  });
  const placement = await service.getPlacement(
    { kind: 'component', namespace: 'default', name: 'search-api' },
    mockCredentials.user(),
  );
  expect(placement.errors).toEqual([]);
  return placement.desired.karmada[0].policies;
}

async function effectivePolicies() {
  return (await matchedPolicies()).map(p => [p.kind, p.name, p.effective]);
}

describe('EntityPlacementService: the effective policy', () => {
  it('is a matching PropagationPolicy even when a ClusterPropagationPolicy has a higher priority', async () => {
    mockKarmada({
      pps: [policy('search-api', 0, 'discovery')],
      cpps: [policy('everything', 5)],
    });
    expect(await effectivePolicies()).toEqual([
      ['PropagationPolicy', 'search-api', true],
      ['ClusterPropagationPolicy', 'everything', false],
    ]);
  });

  it('is the ClusterPropagationPolicy that claimed the template before the PropagationPolicy appeared', async () => {
    mockKarmada({
      claim: {
        labels: { 'clusterpropagationpolicy.karmada.io/permanent-id': 'c1' },
        annotations: {
          'clusterpropagationpolicy.karmada.io/name': 'everything',
        },
      },
      pps: [policy('search-api', 0, 'discovery')],
      cpps: [policy('everything', 5)],
    });
    expect(await effectivePolicies()).toEqual([
      ['PropagationPolicy', 'search-api', false],
      ['ClusterPropagationPolicy', 'everything', true],
    ]);
  });

  it('is the claimed PropagationPolicy although another one now has a higher priority', async () => {
    mockKarmada({
      claim: {
        labels: { 'propagationpolicy.karmada.io/permanent-id': 'p1' },
        annotations: {
          'propagationpolicy.karmada.io/namespace': 'discovery',
          'propagationpolicy.karmada.io/name': 'search-api',
        },
      },
      pps: [
        policy('search-api', 0, 'discovery'),
        policy('urgent', 9, 'discovery'),
      ],
      cpps: [],
    });
    expect(await effectivePolicies()).toEqual([
      ['PropagationPolicy', 'urgent', false],
      ['PropagationPolicy', 'search-api', true],
    ]);
  });

  it("says which policy declares Karmada's application failover", async () => {
    mockKarmada({
      pps: [
        {
          ...policy('search-api', 0, 'discovery'),
          spec: {
            ...policy('search-api', 0, 'discovery').spec,
            failover: {
              application: { decisionConditions: { tolerationSeconds: 60 } },
            },
          },
        },
      ],
      cpps: [policy('everything', 5)],
    });
    expect(
      (await matchedPolicies()).map(p => [p.name, p.failover ?? false]),
    ).toEqual([
      ['search-api', true],
      ['everything', false],
    ]);
  });
});
