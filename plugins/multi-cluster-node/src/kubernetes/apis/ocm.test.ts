import { http, HttpResponse } from 'msw';
import { k8sStatus, setupKubernetesMocks } from '../../testUtils/msw';
import { KubernetesClient } from '../client/KubernetesClient';
import {
  getManagedCluster,
  getManagedClusterSet,
  getPlacement,
  getPlacementDecision,
  listManagedClusters,
  listManagedClusterSets,
  listPlacementDecisions,
  listPlacements,
} from './ocm';

const HUB = 'https://ocm-hub.example.com:6443';
const TOKEN = 'ocm-hub-token';
const OCM = `${HUB}/apis/cluster.open-cluster-management.io`;

const server = setupKubernetesMocks();

function hub() {
  return KubernetesClient.fromEndpoint(
    { name: 'ocm-hub', url: HUB, token: TOKEN },
    2000,
  );
}

const managedCluster = {
  apiVersion: 'cluster.open-cluster-management.io/v1',
  kind: 'ManagedCluster',
  metadata: { name: 'spoke-eu', labels: { region: 'eu-west-1' } },
  spec: {
    hubAcceptsClient: true,
    managedClusterClientConfigs: [{ url: 'https://spoke-eu.example.com:6443' }],
  },
  status: {
    conditions: [{ type: 'ManagedClusterConditionAvailable', status: 'True' }],
    version: { kubernetes: 'v1.31.2' },
  },
};

describe('OCM API module', () => {
  it('lists and gets ManagedClusters (v1, cluster-scoped)', async () => {
    server.use(
      http.get(`${OCM}/v1/managedclusters`, () =>
        HttpResponse.json({ items: [managedCluster] }),
      ),
      http.get(`${OCM}/v1/managedclusters/spoke-eu`, () =>
        HttpResponse.json(managedCluster),
      ),
    );
    const [listed] = await listManagedClusters(hub());
    expect(listed.status?.version?.kubernetes).toBe('v1.31.2');
    const one = await getManagedCluster(hub(), 'spoke-eu');
    expect(one.spec?.managedClusterClientConfigs?.[0].url).toBe(
      'https://spoke-eu.example.com:6443',
    );
  });

  it('names the ManagedCluster and hides the token when it is missing', async () => {
    server.use(
      http.get(`${OCM}/v1/managedclusters/gone`, () =>
        HttpResponse.json(
          k8sStatus(404, 'NotFound', 'managedclusters "gone" not found'),
          { status: 404 },
        ),
      ),
    );
    const error = await getManagedCluster(hub(), 'gone').catch(e => e);
    expect(error.statusCode).toBe(404);
    expect(error.message).toContain(
      'managedclusters.cluster.open-cluster-management.io/v1 gone',
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it('lists and gets ManagedClusterSets', async () => {
    const set = {
      metadata: { name: 'prod' },
      spec: { clusterSelector: { selectorType: 'ExclusiveClusterSetLabel' } },
    };
    server.use(
      http.get(`${OCM}/v1beta2/managedclustersets`, () =>
        HttpResponse.json({ items: [set] }),
      ),
      http.get(`${OCM}/v1beta2/managedclustersets/prod`, () =>
        HttpResponse.json(set),
      ),
    );
    expect(await listManagedClusterSets(hub())).toEqual([set]);
    expect(
      (await getManagedClusterSet(hub(), 'prod')).spec?.clusterSelector
        ?.selectorType,
    ).toBe('ExclusiveClusterSetLabel');
  });

  it('lists and gets Placements and their PlacementDecisions (v1beta1)', async () => {
    const searches: string[] = [];
    server.events.on('request:start', ({ request }) => {
      searches.push(decodeURIComponent(new URL(request.url).search));
    });
    const placement = {
      metadata: { name: 'web', namespace: 'apps' },
      spec: { clusterSets: ['prod'], numberOfClusters: 2 },
      status: { numberOfSelectedClusters: 2 },
    };
    const decision = {
      metadata: { name: 'web-decision-1', namespace: 'apps' },
      status: {
        decisions: [
          { clusterName: 'spoke-eu', reason: '' },
          { clusterName: 'spoke-us', reason: '' },
        ],
      },
    };
    server.use(
      http.get(`${OCM}/v1beta1/namespaces/apps/placements`, () =>
        HttpResponse.json({ items: [placement] }),
      ),
      http.get(`${OCM}/v1beta1/namespaces/apps/placements/web`, () =>
        HttpResponse.json(placement),
      ),
      http.get(`${OCM}/v1beta1/namespaces/apps/placementdecisions`, () =>
        HttpResponse.json({ items: [decision] }),
      ),
      http.get(
        `${OCM}/v1beta1/namespaces/apps/placementdecisions/web-decision-1`,
        () => HttpResponse.json(decision),
      ),
    );
    expect(await listPlacements(hub(), 'apps')).toEqual([placement]);
    expect(
      (await getPlacement(hub(), { namespace: 'apps', name: 'web' })).status
        ?.numberOfSelectedClusters,
    ).toBe(2);
    const decisions = await listPlacementDecisions(hub(), {
      namespace: 'apps',
      placement: 'web',
    });
    expect(
      decisions.flatMap(d => d.status?.decisions?.map(x => x.clusterName)),
    ).toEqual(['spoke-eu', 'spoke-us']);
    expect(searches[2]).toBe(
      '?labelSelector=cluster.open-cluster-management.io/placement=web',
    );
    expect(
      await getPlacementDecision(hub(), {
        namespace: 'apps',
        name: 'web-decision-1',
      }),
    ).toEqual(decision);
  });
});
