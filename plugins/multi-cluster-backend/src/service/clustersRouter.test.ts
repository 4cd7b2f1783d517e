import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { http, HttpResponse } from 'msw';
import request from 'supertest';
import { multiClusterPlugin } from '../plugin';
import {
  k8sStatus,
  setupKubernetesMocks,
} from '@flotilla/plugin-multi-cluster-node/testUtils';

jest.setTimeout(30_000);

const MGMT = 'https://mgmt.example.com:6443';
const MGMT_TOKEN = 'mgmt-secret-token';
const MD_PATH = `${MGMT}/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet/machinedeployments/md-0`;
const USER = mockCredentials.user.header('user:default/alice');

const md = (rv: string, replicas = 3) => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineDeployment',
  metadata: { name: 'md-0', namespace: 'fleet', resourceVersion: rv },
  spec: {
    clusterName: 'prod-eu-1',
    replicas,
    template: { spec: { version: 'v1.31.2' } },
  },
  status: { phase: 'Running', replicas, readyReplicas: replicas },
});

const server = setupKubernetesMocks();

function serveInventory() {
  server.use(
    http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/clusters`, () =>
      HttpResponse.json({
        items: [
          {
            metadata: {
              name: 'prod-eu-1',
              namespace: 'fleet',
              labels: {
                'flotilla.io/environment': 'prod',
                'flotilla.io/region': 'eu-west-1',
              },
            },
            spec: { controlPlaneRef: { name: 'prod-eu-1-cp' } },
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
      () =>
        HttpResponse.json({
          items: [
            {
              apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
              kind: 'KubeadmControlPlane',
              metadata: { name: 'prod-eu-1-cp', namespace: 'fleet' },
              spec: { replicas: 3, version: 'v1.31.2' },
              status: { readyReplicas: 3 },
            },
          ],
        }),
    ),
    http.get(`${MGMT}/apis/cluster.x-k8s.io/v1beta2/machinedeployments`, () =>
      HttpResponse.json({ items: [md('30')] }),
    ),
  );
}

describe('cluster lifecycle routes against Cluster API', () => {
  const permissions = mockServices.permissions.mock();
  const auditor = mockServices.auditor.mock();
  const events: { id: string; result?: string }[] = [];
  let backend: Awaited<ReturnType<typeof startTestBackend>>;

  beforeAll(async () => {
    serveInventory();
    auditor.createEvent.mockImplementation(async opts => {
      const e: { id: string; result?: string } = { id: opts.eventId };
      events.push(e);
      return {
        success: async () => {
          e.result = 'success';
        },
        fail: async () => {
          e.result = 'fail';
        },
      };
    });
    backend = await startTestBackend({
      features: [
        multiClusterPlugin,
        permissions.factory,
        auditor.factory,
        mockServices.httpAuth.factory({
          defaultCredentials: mockCredentials.none(),
        }),
        catalogServiceMock.factory({ entities: [] }),
        mockServices.rootConfig.factory({
          data: {
            multiCluster: {
              catalog: { enabled: false },
              clusterApi: [{ name: 'mgmt', url: MGMT, token: MGMT_TOKEN }],
              conflictRetries: 2,
            },
          },
        }),
      ],
    });
  });
  afterAll(() => backend?.stop());

  beforeEach(() => {
    serveInventory();
    permissions.authorizeConditional.mockImplementation(async reqs =>
      reqs.map(() => ({ result: AuthorizeResult.ALLOW })),
    );
  });

  it('shows the CAPI lifecycle state', async () => {
    const res = await request(backend.server)
      .get('/api/multi-cluster/clusters/prod-eu-1')
      .set('Authorization', USER);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'cluster-api',
      environment: 'prod',
      health: { status: 'healthy', via: 'cluster-api' },
      lifecycle: {
        managementCluster: 'mgmt',
        version: 'v1.31.2',
        machineDeployments: [
          expect.objectContaining({ name: 'md-0', replicas: 3 }),
        ],
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(MGMT_TOKEN);
  });

  it('scales with a merge patch, retrying a 409 conflict', async () => {
    let gets = 0;
    const patches: any[] = [];
    server.use(
      http.get(MD_PATH, () => HttpResponse.json(md(String(30 + gets++)))),
      http.patch(MD_PATH, async ({ request: req }) => {
        expect(req.headers.get('content-type')).toBe(
          'application/merge-patch+json',
        );
        expect(req.headers.get('authorization')).toBe(`Bearer ${MGMT_TOKEN}`);
        const body: any = await req.json();
        patches.push(body);
        if (patches.length === 1) {
          return HttpResponse.json(
            k8sStatus(
              409,
              'Conflict',
              'the object has been modified; please apply your changes to the latest version and try again',
            ),
            { status: 409 },
          );
        }
        return HttpResponse.json(md('99', body.spec.replicas));
      }),
    );
    const res = await request(backend.server)
      .post('/api/multi-cluster/clusters/prod-eu-1/scale')
      .set('Authorization', USER)
      .send({ machineDeployment: 'md-0', replicas: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cluster: 'prod-eu-1',
      machineDeployment: 'md-0',
      namespace: 'fleet',
      previousReplicas: 3,
      replicas: 5,
      resourceVersion: '99',
      attempts: 2,
      source: 'cluster-api',
    });
    expect(patches.map(p => p.metadata.resourceVersion)).toEqual(['30', '31']);
    expect(events.at(-1)).toEqual({ id: 'cluster-scale', result: 'success' });
  });

  it('reports a persistent conflict as 409 and records the failure', async () => {
    let patches = 0;
    server.use(
      http.get(MD_PATH, () => HttpResponse.json(md('50'))),
      http.patch(MD_PATH, () => {
        patches++;
        return HttpResponse.json(
          k8sStatus(409, 'Conflict', 'the object has been modified'),
          {
            status: 409,
          },
        );
      }),
    );
    const res = await request(backend.server)
      .post('/api/multi-cluster/clusters/prod-eu-1/scale')
      .set('Authorization', USER)
      .send({ machineDeployment: 'md-0', replicas: 6 });
    expect(res.status).toBe(409);
    expect(res.body.error.name).toBe('ConflictError');
    expect(patches).toBe(3);
    expect(events.at(-1)).toEqual({ id: 'cluster-scale', result: 'fail' });
    const history = await request(backend.server)
      .get('/api/multi-cluster/clusters/prod-eu-1/history')
      .set('Authorization', USER);
    expect(history.body.items[0]).toMatchObject({
      status: 'failed',
      action: 'cluster.scale',
    });
    expect(JSON.stringify(history.body)).not.toContain(MGMT_TOKEN);
  });

  it('maps a 500 from the management cluster to an error without credentials', async () => {
    server.use(
      http.get(
        `${MGMT}/apis/controlplane.cluster.x-k8s.io/v1beta2/namespaces/fleet/kubeadmcontrolplanes/prod-eu-1-cp`,
        () =>
          HttpResponse.json(
            k8sStatus(500, 'InternalError', 'etcd unavailable'),
            { status: 500 },
          ),
      ),
    );
    const res = await request(backend.server)
      .post('/api/multi-cluster/clusters/prod-eu-1/upgrade')
      .set('Authorization', USER)
      .send({ version: 'v1.32.0' });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain(MGMT_TOKEN);
  });
});
