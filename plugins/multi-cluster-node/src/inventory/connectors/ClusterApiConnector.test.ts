import { mockServices } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { KubernetesClient } from '../../kubernetes/client/KubernetesClient';
import {
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
} from '../../testUtils/msw';
import { hasControlCharacters } from '../../util/sanitize';
import { ClusterApiConnector } from './ClusterApiConnector';
import {
  CAPI_MANAGEMENT as MGMT,
  CAPI_TOKEN as TOKEN,
  capiCluster,
  capiControlPlane as kcp,
  capiMachineDeployment as md,
  kubernetesList as list,
} from '../../testUtils/clusterApiFixtures';

const server = setupKubernetesMocks();

function connector(logger = mockServices.logger.mock()) {
  return new ClusterApiConnector({
    management: { name: 'mgmt', url: MGMT, token: TOKEN },
    client: KubernetesClient.fromEndpoint(
      { name: 'mgmt', url: MGMT, token: TOKEN },
      2000,
    ),
    logger,
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
      health: { source: 'cluster-api', status: 'healthy' },
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
    const records = await connector(logger).listClusters({});
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
      reason: 'Ready=False: control plane not ready',
    });
    expect(record.fields.lifecycle?.machineDeployments[0]).toMatchObject({
      readyReplicas: 2,
      updatedReplicas: 3,
    });
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
    });
    const timeout = await fast.listClusters({}).catch(e => e);
    expect(timeout).toMatchObject({ timeout: true });
    expect(timeout.message).toMatch(/timed out/);
  });
});
