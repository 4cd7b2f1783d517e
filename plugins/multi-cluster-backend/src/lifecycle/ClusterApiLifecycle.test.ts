import { mockServices } from '@backstage/backend-test-utils';
import { ConflictError, InputError } from '@backstage/errors';
import { http, HttpResponse } from 'msw';
import {
  ClusterApiConnector,
  KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import {
  CAPI_MANAGEMENT as MGMT,
  CAPI_TOKEN as TOKEN,
  capiCluster,
  capiControlPlane as kcp,
  capiMachineDeployment as md,
  k8sStatus,
  kubernetesList as list,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';
import { ClusterApiLifecycle } from './ClusterApiLifecycle';
import { validateUpgrade } from './upgradeVersions';

const server = setupKubernetesMocks();

/**
 * Lists with the -node connector (the lifecycle acts on what a listing
 * read) and changes with the lifecycle, over one client as the plugin does.
 */
function connector(conflictRetries = 3, logger = mockServices.logger.mock()) {
  const client = KubernetesClient.fromEndpoint(
    { name: 'mgmt', url: MGMT, token: TOKEN },
    2000,
  );
  const listing = new ClusterApiConnector({
    management: { name: 'mgmt', url: MGMT, token: TOKEN },
    client,
    logger,
  });
  const lifecycle = new ClusterApiLifecycle({
    managementCluster: 'mgmt',
    client,
    logger,
    conflictRetries,
  });
  return {
    listClusters: listing.listClusters.bind(listing),
    scaleMachineDeployment: lifecycle.scaleMachineDeployment.bind(lifecycle),
    upgrade: lifecycle.upgrade.bind(lifecycle),
    deleteCluster: lifecycle.deleteCluster.bind(lifecycle),
  };
}

function serveV1beta2() {
  server.use(
    http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, () =>
      HttpResponse.json(list('Cluster', [capiCluster('v1beta2')])),
    ),
    http.get(
      `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/kubeadmcontrolplanes`,
      () => HttpResponse.json(list('KubeadmControlPlane', [kcp('v1beta2')])),
    ),
    http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/machinedeployments`, () =>
      HttpResponse.json(list('MachineDeployment', [md('v1beta2')])),
    ),
  );
}

describe('ClusterApiLifecycle', () => {
  it('scales with a resourceVersion-guarded merge patch and retries a 409', async () => {
    serveV1beta2();
    const c = connector();
    const [record] = await c.listClusters({});
    let gets = 0;
    const patches: {
      contentType: string | null;
      auth: string | null;
      body: any;
    }[] = [];
    server.use(
      http.get(
        `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/machinedeployments/md-0`,
        () => {
          gets++;
          return HttpResponse.json(md('v1beta2', gets === 1 ? '31' : '32'));
        },
      ),
      http.patch(
        `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/machinedeployments/md-0`,
        async ({ request }) => {
          const body: any = await request.json();
          patches.push({
            contentType: request.headers.get('content-type'),
            auth: request.headers.get('authorization'),
            body,
          });
          if (body.metadata.resourceVersion === '31') {
            return HttpResponse.json(
              k8sStatus(
                409,
                'Conflict',
                'Operation cannot be fulfilled on machinedeployments.cluster.x-k8s.io "md-0": the object has been modified; please apply your changes to the latest version and try again',
              ),
              { status: 409 },
            );
          }
          return HttpResponse.json(md('v1beta2', '33', body.spec.replicas));
        },
      ),
    );
    const result = await c.scaleMachineDeployment(
      'prod-eu-1',
      record.fields.lifecycle!,
      'md-0',
      5,
    );
    expect(result).toEqual({
      cluster: 'prod-eu-1',
      machineDeployment: 'md-0',
      namespace: 'fleet',
      previousReplicas: 3,
      replicas: 5,
      resourceVersion: '33',
      attempts: 2,
      source: 'cluster-api',
    });
    expect(gets).toBe(2);
    expect(patches).toEqual([
      {
        contentType: 'application/merge-patch+json',
        auth: `Bearer ${TOKEN}`,
        body: { spec: { replicas: 5 }, metadata: { resourceVersion: '31' } },
      },
      {
        contentType: 'application/merge-patch+json',
        auth: `Bearer ${TOKEN}`,
        body: { spec: { replicas: 5 }, metadata: { resourceVersion: '32' } },
      },
    ]);
  });

  it('reports a conflict after a bounded number of retries, never overwriting', async () => {
    serveV1beta2();
    const c = connector(2);
    const [record] = await c.listClusters({});
    let patches = 0;
    server.use(
      http.get(
        `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/machinedeployments/md-0`,
        () => HttpResponse.json(md('v1beta2', String(40 + patches))),
      ),
      http.patch(
        `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/machinedeployments/md-0`,
        () => {
          patches++;
          return HttpResponse.json(
            k8sStatus(409, 'Conflict', 'the object has been modified'),
            { status: 409 },
          );
        },
      ),
    );
    await expect(
      c.scaleMachineDeployment(
        'prod-eu-1',
        record.fields.lifecycle!,
        'md-0',
        9,
      ),
    ).rejects.toThrow(ConflictError);
    expect(patches).toBe(3);
  });

  it('upgrades through the KubeadmControlPlane and validates versions', async () => {
    serveV1beta2();
    const c = connector();
    const [record] = await c.listClusters({});
    let patched: any;
    server.use(
      http.get(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/namespaces/fleet/kubeadmcontrolplanes/prod-eu-1-cp`,
        () => HttpResponse.json(kcp('v1beta2')),
      ),
      http.patch(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/namespaces/fleet/kubeadmcontrolplanes/prod-eu-1-cp`,
        async ({ request }) => {
          patched = await request.json();
          return HttpResponse.json({
            ...kcp('v1beta2'),
            metadata: { ...kcp('v1beta2').metadata, resourceVersion: '22' },
          });
        },
      ),
    );
    const result = await c.upgrade(
      'prod-eu-1',
      record.fields.lifecycle!,
      'v1.31.2',
    );
    expect(result).toMatchObject({
      target: 'control-plane',
      objectName: 'prod-eu-1-cp',
      previousVersion: 'v1.30.5',
      version: 'v1.31.2',
      resourceVersion: '22',
    });
    expect(patched).toEqual({
      spec: { version: 'v1.31.2' },
      metadata: { resourceVersion: '21' },
    });
    await expect(
      c.upgrade('prod-eu-1', record.fields.lifecycle!, 'v1.29.0'),
    ).rejects.toThrow(InputError);
    expect(() => validateUpgrade('v1.30.5', 'v1.32.0')).toThrow(
      /one minor version/,
    );
  });

  it('deletes the Cluster with a resourceVersion precondition', async () => {
    serveV1beta2();
    const c = connector();
    const [record] = await c.listClusters({});
    let body: any;
    server.use(
      http.get(
        `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/clusters/prod-eu-1`,
        () => HttpResponse.json(capiCluster('v1beta2')),
      ),
      http.delete(
        `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/clusters/prod-eu-1`,
        async ({ request }) => {
          body = await request.json();
          return HttpResponse.json(capiCluster('v1beta2'));
        },
      ),
    );
    const result = await c.deleteCluster('prod-eu-1', record.fields.lifecycle!);
    expect(result).toEqual({
      cluster: 'prod-eu-1',
      namespace: 'fleet',
      name: 'prod-eu-1',
      deletionRequested: true,
      source: 'cluster-api',
    });
    expect(body).toMatchObject({ preconditions: { resourceVersion: '11' } });
  });
});
