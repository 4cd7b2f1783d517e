import { mockServices } from '@backstage/backend-test-utils';
import { ConflictError, InputError } from '@backstage/errors';
import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '../../kubernetes/KubernetesClient';
import {
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
} from '../../__testUtils__/msw';
import { hasControlCharacters } from '../../util/sanitize';
import { ClusterApiConnector, validateUpgrade } from './ClusterApiConnector';

const MGMT = 'https://mgmt.example.com:6443';
const TOKEN = 'capi-mgmt-token';

const capiCluster = (version: string) => ({
  apiVersion: `cluster.x-k8s.io/${version}`,
  kind: 'Cluster',
  metadata: {
    name: 'prod-eu-1',
    namespace: 'fleet',
    resourceVersion: '11',
    labels: {
      'flotilla.io/environment': 'prod',
      'flotilla.io/region': 'eu-west-1',
    },
    annotations: { 'flotilla.io/capacity': 'cpu=96,memory=384Gi' },
  },
  spec: {
    controlPlaneRef: {
      apiGroup: 'controlplane.cluster.x-k8s.io',
      kind: 'KubeadmControlPlane',
      name: 'prod-eu-1-cp',
    },
    infrastructureRef: {
      apiGroup: 'infrastructure.cluster.x-k8s.io',
      kind: 'AWSCluster',
      name: 'prod-eu-1',
    },
  },
  status: {
    phase: 'Provisioned',
    conditions:
      version === 'v1beta2'
        ? [{ type: 'Available', status: 'True', reason: 'Available' }]
        : [
            {
              type: 'Ready',
              status: 'False',
              reason: 'WaitingForControlPlane',
              message: 'control plane not ready',
            },
          ],
  },
});

const kcp = (version: string) => ({
  apiVersion: `controlplane.cluster.x-k8s.io/${version}`,
  kind: 'KubeadmControlPlane',
  metadata: {
    name: 'prod-eu-1-cp',
    namespace: 'fleet',
    labels: { 'cluster.x-k8s.io/cluster-name': 'prod-eu-1' },
    resourceVersion: '21',
  },
  spec: { replicas: 3, version: 'v1.30.5' },
  status: {
    replicas: 3,
    readyReplicas: 3,
    upToDateReplicas: 3,
    version: 'v1.30.5',
  },
});

const md = (version: string, rv = '31', replicas = 3) => ({
  apiVersion: `cluster.x-k8s.io/${version}`,
  kind: 'MachineDeployment',
  metadata: {
    name: 'md-0',
    namespace: 'fleet',
    resourceVersion: rv,
    labels: { 'cluster.x-k8s.io/cluster-name': 'prod-eu-1' },
  },
  spec: {
    clusterName: 'prod-eu-1',
    replicas,
    template: { spec: { version: 'v1.30.5', clusterName: 'prod-eu-1' } },
  },
  status:
    version === 'v1beta2'
      ? {
          phase: 'Running',
          replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
          upToDateReplicas: replicas,
        }
      : {
          phase: 'Running',
          replicas,
          readyReplicas: 2,
          availableReplicas: 2,
          updatedReplicas: 3,
        },
});

const list = (kind: string, items: any[]) => ({
  apiVersion: 'v1',
  kind: `${kind}List`,
  metadata: { resourceVersion: '1' },
  items,
});

const server = setupKubernetesMocks();

function connector(conflictRetries = 3, logger = mockServices.logger.mock()) {
  return new ClusterApiConnector({
    management: { name: 'mgmt', url: MGMT, token: TOKEN },
    client: KubernetesClient.fromEndpoint(
      { name: 'mgmt', url: MGMT, token: TOKEN },
      2000,
    ),
    logger,
    conflictRetries,
  });
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

describe('ClusterApiConnector', () => {
  it('lists v1beta2 Clusters with control plane and MachineDeployments', async () => {
    const auth: string[] = [];
    serveV1beta2();
    server.events.on('request:start', ({ request }) => {
      auth.push(request.headers.get('authorization') ?? '');
    });
    const records = await connector().listClusters({});
    server.events.removeAllListeners();
    expect(auth.length).toBeGreaterThanOrEqual(3);
    expect(new Set(auth)).toEqual(new Set([`Bearer ${TOKEN}`]));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      name: 'prod-eu-1',
      source: 'cluster-api',
      sourceId: 'cluster-api:mgmt',
      health: { status: 'healthy', via: 'cluster-api' },
      // Reached with the kubeconfig Secret CAPI writes; only its coordinates.
      access: {
        kind: 'capi-kubeconfig',
        managementCluster: 'mgmt',
        namespace: 'fleet',
        secretName: 'prod-eu-1-kubeconfig',
      },
      fields: {
        environment: 'prod',
        region: 'eu-west-1',
        provider: 'aws',
        kubernetesVersion: 'v1.30.5',
        capacity: { declared: { cpu: '96', memory: '384Gi' } },
        lifecycle: {
          managementCluster: 'mgmt',
          namespace: 'fleet',
          name: 'prod-eu-1',
          apiVersion: 'cluster.x-k8s.io/v1beta2',
          phase: 'Provisioned',
          version: 'v1.30.5',
          controlPlane: {
            kind: 'KubeadmControlPlane',
            name: 'prod-eu-1-cp',
            replicas: 3,
            readyReplicas: 3,
            updatedReplicas: 3,
          },
          machineDeployments: [
            {
              name: 'md-0',
              namespace: 'fleet',
              phase: 'Running',
              version: 'v1.30.5',
              replicas: 3,
              readyReplicas: 3,
              updatedReplicas: 3,
            },
          ],
        },
      },
    });
  });

  it('lists Clusters without KubeadmControlPlanes when they cannot be read, with the escaped reason as a problem on each and in the log line', async () => {
    const logger = mockServices.logger.mock();
    serveV1beta2();
    server.use(
      http.get(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/kubeadmcontrolplanes`,
        () =>
          HttpResponse.json(
            k8sStatus(
              403,
              'Forbidden',
              'no\r\nlevel=info msg=forged\0\u001b[2J',
            ),
            { status: 403 },
          ),
      ),
    );
    const records = await connector(3, logger).listClusters({});
    expect(records.map(r => r.name)).toEqual(['prod-eu-1']);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const line: string = (logger.warn as jest.Mock).mock.calls[0][0];
    expect(line).toMatch(
      /^cluster-api:mgmt: cannot list KubeadmControlPlanes, control planes unknown: /,
    );
    expect(line).toContain('no\\r\\nlevel=info msg=forged\\0\\x1b[2J');
    expect(hasControlCharacters(line)).toBe(false);
    expect(records[0].fields.problems).toEqual([line]);
  });

  it('falls back to v1beta1 when v1beta2 is not served', async () => {
    server.use(
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/:plural`, () =>
        HttpResponse.json(
          k8sStatus(
            404,
            'NotFound',
            'the server could not find the requested resource',
          ),
          { status: 404 },
        ),
      ),
      http.get(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/kubeadmcontrolplanes`,
        () =>
          HttpResponse.json(k8sStatus(404, 'NotFound', 'not found'), {
            status: 404,
          }),
      ),
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta1/clusters`, () =>
        HttpResponse.json(list('Cluster', [capiCluster('v1beta1')])),
      ),
      http.get(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta1/kubeadmcontrolplanes`,
        () => HttpResponse.json(list('KubeadmControlPlane', [kcp('v1beta1')])),
      ),
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta1/machinedeployments`, () =>
        HttpResponse.json(list('MachineDeployment', [md('v1beta1')])),
      ),
    );
    const [record] = await connector().listClusters({});
    expect(record.fields.lifecycle?.apiVersion).toBe(
      'cluster.x-k8s.io/v1beta1',
    );
    expect(record.health).toMatchObject({
      status: 'unhealthy',
      message: 'control plane not ready',
    });
    expect(record.fields.lifecycle?.machineDeployments[0]).toMatchObject({
      readyReplicas: 2,
      updatedReplicas: 3,
    });
  });

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

  it('surfaces 500s and timeouts without credentials', async () => {
    server.use(
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, () =>
        HttpResponse.json(
          k8sStatus(500, 'InternalError', 'etcd leader changed'),
          {
            status: 500,
          },
        ),
      ),
    );
    const err = await connector()
      .listClusters({})
      .catch(e => e);
    expect(err.message).toBe(
      'mgmt: list clusters.cluster.x-k8s.io/v1beta2: etcd leader changed',
    );
    expect(err.statusCode).toBe(500);
    expect(JSON.stringify(err)).not.toContain(TOKEN);
    expect(err.message).not.toContain(TOKEN);

    server.use(
      http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, async () => {
        await untilTestEnds();
        return HttpResponse.json(list('Cluster', []));
      }),
    );
    const fast = new ClusterApiConnector({
      management: { name: 'mgmt', url: MGMT, token: TOKEN },
      client: KubernetesClient.fromEndpoint(
        { name: 'mgmt', url: MGMT, token: TOKEN },
        100,
      ),
      logger: mockServices.logger.mock(),
      conflictRetries: 1,
    });
    const timeout = await fast.listClusters({}).catch(e => e);
    expect(timeout).toMatchObject({ timeout: true });
    expect(timeout.message).toMatch(/timed out/);
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
