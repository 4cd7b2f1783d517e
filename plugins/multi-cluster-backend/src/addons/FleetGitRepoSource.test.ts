import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import {
  bundleDeployments,
  fleet,
  FLEET_COMMIT,
  fleetClusters,
  gitRepo,
  MGMT,
  MGMT_TOKEN,
  OLD_COMMIT,
} from './__testUtils__/addonFixtures';
import {
  bundleDeploymentState,
  FleetGitRepoSource,
} from './FleetGitRepoSource';
import { AddonConfig } from './types';

const server = setupKubernetesMocks();

const GITREPO_PATH = `${MGMT}/apis/fleet.cattle.io/v1alpha1/namespaces/fleet-default/gitrepos/monitoring`;
const BD_PATH = `${MGMT}/apis/fleet.cattle.io/v1alpha1/bundledeployments`;
const CLUSTERS_PATH = `${MGMT}/apis/fleet.cattle.io/v1alpha1/namespaces/fleet-default/clusters`;

const addon: AddonConfig = {
  name: 'monitoring',
  category: 'monitoring',
  requiredOn: { matchLabels: { environment: 'prod' } },
  delivery: {
    type: 'fleet-gitrepo',
    cluster: 'mgmt',
    namespace: 'fleet-default',
    name: 'monitoring',
  },
};

const source = () =>
  new FleetGitRepoSource(ref =>
    ref.kind === 'cluster' && ref.name === 'mgmt'
      ? KubernetesClient.fromEndpoint(
          { name: 'mgmt', url: MGMT, token: MGMT_TOKEN },
          2000,
        )
      : undefined,
  );

describe('FleetGitRepoSource', () => {
  it("reads the GitRepo's BundleDeployments per cluster", async () => {
    const auth = new Set<string>();
    const selectors: (string | null)[] = [];
    server.use(
      http.get(GITREPO_PATH, ({ request }) => {
        auth.add(request.headers.get('authorization') ?? '');
        return HttpResponse.json(gitRepo);
      }),
      http.get(BD_PATH, ({ request }) => {
        auth.add(request.headers.get('authorization') ?? '');
        selectors.push(new URL(request.url).searchParams.get('labelSelector'));
        return HttpResponse.json(bundleDeployments);
      }),
      http.get(CLUSTERS_PATH, ({ request }) => {
        auth.add(request.headers.get('authorization') ?? '');
        return HttpResponse.json(fleetClusters);
      }),
    );
    const coverage = await source().coverage(addon, fleet, {});

    expect(auth).toEqual(new Set([`Bearer ${MGMT_TOKEN}`]));
    expect(selectors).toEqual([
      'fleet.cattle.io/repo-name=monitoring,fleet.cattle.io/bundle-namespace=fleet-default',
    ]);
    expect(coverage.source).toBe('GitRepo fleet-default/monitoring on mgmt');
    expect(coverage.clusters).toEqual([
      {
        // Fleet cluster imported-7, matched by its status.apiServerURL
        cluster: 'ap-1',
        state: 'drifted',
        desiredRevision: FLEET_COMMIT,
        message:
          'bundle monitoring-monitoring-prometheus: deployment s-5b2f8e0d6c1a:7d3c1b0a9e8f is not applied yet (applied: s-0000aaaa1111:7d3c1b0a9e8f)',
      },
      {
        // Rancher's c-m-7x2kq9vd, matched by its display name label
        cluster: 'eu-1',
        state: 'in-sync',
        revision: FLEET_COMMIT,
        desiredRevision: FLEET_COMMIT,
      },
      {
        cluster: 'us-1',
        state: 'drifted',
        revision: FLEET_COMMIT,
        desiredRevision: FLEET_COMMIT,
        message:
          'bundle monitoring-monitoring-rules: modified in the cluster: ConfigMap monitoring/alert-rules changed',
      },
    ]);
  });

  it('reports missing and unknown clusters', async () => {
    server.use(
      http.get(GITREPO_PATH, () => HttpResponse.json(gitRepo)),
      http.get(BD_PATH, () =>
        HttpResponse.json({
          ...bundleDeployments,
          // only dev-1's, which has no status yet
          items: bundleDeployments.items.slice(-1),
        }),
      ),
      http.get(CLUSTERS_PATH, () =>
        HttpResponse.json(
          k8sStatus(403, 'Forbidden', 'clusters.fleet.cattle.io is forbidden'),
          { status: 403 },
        ),
      ),
    );
    const coverage = await source().coverage(
      { ...addon, requiredOn: undefined },
      fleet,
      {},
    );
    const byCluster = Object.fromEntries(
      coverage.clusters.map(c => [c.cluster, c]),
    );
    expect(byCluster['dev-1']).toEqual({
      cluster: 'dev-1',
      state: 'unknown',
      desiredRevision: FLEET_COMMIT,
      message:
        'bundle monitoring-monitoring-prometheus: the Fleet agent has not reported a status',
    });
    expect(byCluster['eu-1'].state).toBe('missing');
    expect(byCluster['eu-1'].desiredRevision).toBe(FLEET_COMMIT);
    // without the Fleet Cluster list the names could only be matched as is
    expect(byCluster['eu-1'].message).toBe(
      'no BundleDeployment of GitRepo fleet-default/monitoring on mgmt targets this cluster; Fleet clusters could not be listed (mgmt: list clusters.fleet.cattle.io/v1alpha1: clusters.fleet.cattle.io is forbidden), so they were matched by name only',
    );
  });

  it('fails when the GitRepo cannot be read', async () => {
    server.use(
      http.get(GITREPO_PATH, () =>
        HttpResponse.json(k8sStatus(500, 'InternalError', 'etcd timeout'), {
          status: 500,
        }),
      ),
    );
    await expect(source().coverage(addon, fleet, {})).rejects.toThrow(
      'mgmt: get gitrepos.fleet.cattle.io/v1alpha1 fleet-default/monitoring: etcd timeout',
    );
  });

  it('maps BundleDeployment status to a state', () => {
    const ready = bundleDeployments.items[0];
    expect(bundleDeploymentState(ready, FLEET_COMMIT).state).toBe('in-sync');
    // a bundle still at an older commit than the GitRepo has not caught up
    const stale = {
      ...ready,
      metadata: {
        ...ready.metadata,
        labels: {
          ...ready.metadata.labels,
          'fleet.cattle.io/commit': OLD_COMMIT,
        },
      },
    };
    expect(bundleDeploymentState(stale, FLEET_COMMIT)).toEqual({
      state: 'drifted',
      revision: OLD_COMMIT,
      desiredRevision: FLEET_COMMIT,
      message: `bundle monitoring-monitoring-prometheus: at commit ${OLD_COMMIT}, the GitRepo is at ${FLEET_COMMIT}`,
    });
    const notReady = {
      ...ready,
      status: {
        ...ready.status,
        ready: false,
        display: { state: 'NotReady' },
        nonReadyStatus: [
          {
            kind: 'Deployment',
            namespace: 'monitoring',
            name: 'prometheus',
            summary: {
              state: 'in-progress',
              transitioning: true,
              message: ['Available: 1/2'],
            },
          },
        ],
      },
    };
    expect(bundleDeploymentState(notReady, FLEET_COMMIT).message).toBe(
      'bundle monitoring-monitoring-prometheus: not ready (NotReady): Deployment monitoring/prometheus Available: 1/2',
    );
  });
});
