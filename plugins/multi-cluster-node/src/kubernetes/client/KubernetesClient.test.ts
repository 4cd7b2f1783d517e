import { http, HttpResponse } from 'msw';
import {
  k8sStatus,
  setupKubernetesMocks,
  untilTestEnds,
} from '../../testUtils/msw';
import { KubernetesRequestError } from './errors';
import { KubernetesClient } from './KubernetesClient';
import {
  PARTIAL_METADATA_ACCEPT,
  PARTIAL_METADATA_LIST_ACCEPT,
} from './request';

const API = 'https://member-1.example.com:6443';
const TOKEN = 'member-1-token';

const server = setupKubernetesMocks();

function client(timeoutMs = 2000) {
  return KubernetesClient.fromEndpoint(
    { name: 'member-1', url: API, token: TOKEN },
    timeoutMs,
  );
}

interface Seen {
  method: string;
  path: string;
  search: string;
  accept: string | null;
  authorization: string | null;
}

function record(): Seen[] {
  const seen: Seen[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      accept: request.headers.get('accept'),
      authorization: request.headers.get('authorization'),
    });
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

describe('KubernetesClient core and apiextensions calls', () => {
  it('lists nodes with the bearer token', async () => {
    const seen = record();
    server.use(
      http.get(`${API}/api/v1/nodes`, () =>
        HttpResponse.json({
          kind: 'NodeList',
          apiVersion: 'v1',
          metadata: { resourceVersion: '812' },
          items: [
            {
              metadata: { name: 'ip-10-0-1-12', labels: { a: 'b' } },
              status: { allocatable: { cpu: '3920m', memory: '15Gi' } },
            },
          ],
        }),
      ),
    );
    const nodes = await client().listNodes();
    expect(nodes.map(n => n.metadata?.name)).toEqual(['ip-10-0-1-12']);
    expect(nodes[0].status?.allocatable).toEqual({
      cpu: '3920m',
      memory: '15Gi',
    });
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1/nodes',
        authorization: `Bearer ${TOKEN}`,
      }),
    ]);
  });

  it('reads a ConfigMap and answers undefined for a missing one', async () => {
    server.use(
      http.get(
        `${API}/api/v1/namespaces/kube-system/configmaps/:name`,
        ({ params }) =>
          params.name === 'cilium-config'
            ? HttpResponse.json({
                kind: 'ConfigMap',
                apiVersion: 'v1',
                metadata: { name: 'cilium-config', namespace: 'kube-system' },
                data: { 'cluster-name': 'eu-1' },
              })
            : HttpResponse.json(
                k8sStatus(
                  404,
                  'NotFound',
                  `configmaps "${params.name}" not found`,
                ),
                { status: 404 },
              ),
      ),
    );
    const found = await client().getConfigMap({
      namespace: 'kube-system',
      name: 'cilium-config',
    });
    expect(found?.data).toEqual({ 'cluster-name': 'eu-1' });
    await expect(
      client().getConfigMap({ namespace: 'kube-system', name: 'nope' }),
    ).resolves.toBeUndefined();
  });

  it('does not hide a 403 on a ConfigMap as "absent"', async () => {
    server.use(
      http.get(
        `${API}/api/v1/namespaces/kube-system/configmaps/kubeadm-config`,
        () =>
          HttpResponse.json(
            k8sStatus(
              403,
              'Forbidden',
              'configmaps "kubeadm-config" is forbidden: User "system:serviceaccount:flotilla:reader" cannot get resource "configmaps"',
            ),
            { status: 403 },
          ),
      ),
    );
    const error = await client()
      .getConfigMap({ namespace: 'kube-system', name: 'kubeadm-config' })
      .catch(e => e);
    expect(error).toBeInstanceOf(KubernetesRequestError);
    expect(error.statusCode).toBe(403);
    expect(error.message).toContain(
      'member-1: get configmap kube-system/kubeadm-config',
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it('says when the API server ran the request as system:anonymous', async () => {
    server.use(
      http.get(`${API}/api/v1/nodes`, () =>
        HttpResponse.json(
          k8sStatus(
            403,
            'Forbidden',
            'nodes is forbidden: User "system:anonymous" cannot list resource "nodes" in API group "" at the cluster scope',
          ),
          { status: 403 },
        ),
      ),
    );
    const error = await client()
      .listNodes()
      .catch(e => e);
    expect(error.statusCode).toBe(403);
    expect(error.message).toContain('cannot list resource "nodes"');
    expect(error.message).toContain(
      "did not recognise this backend's credentials and ran the request as system:anonymous",
    );
  });

  it('lists Services by namespace and label selector', async () => {
    const seen = record();
    server.use(
      http.get(`${API}/api/v1/namespaces/istio-system/services`, () =>
        HttpResponse.json({
          kind: 'ServiceList',
          apiVersion: 'v1',
          metadata: {},
          items: [{ metadata: { name: 'istio-eastwestgateway' } }],
        }),
      ),
    );
    const services = await client().listServices({
      namespace: 'istio-system',
      labelSelector: 'istio=eastwestgateway',
    });
    expect(services.map(s => s.metadata?.name)).toEqual([
      'istio-eastwestgateway',
    ]);
    expect(new URLSearchParams(seen[0].search).get('labelSelector')).toBe(
      'istio=eastwestgateway',
    );
  });

  it('lists Secrets as metadata only', async () => {
    const seen = record();
    server.use(
      http.get(
        `${API}/api/v1/namespaces/istio-system/secrets`,
        ({ request }) => {
          // A real API server only answers PartialObjectMetadataList when asked.
          if (
            !request.headers
              .get('accept')
              ?.includes('PartialObjectMetadataList')
          ) {
            return HttpResponse.json(k8sStatus(406, 'NotAcceptable', 'no'), {
              status: 406,
            });
          }
          return HttpResponse.json(
            {
              kind: 'PartialObjectMetadataList',
              apiVersion: 'meta.k8s.io/v1',
              metadata: { resourceVersion: '9001' },
              items: [
                {
                  kind: 'PartialObjectMetadata',
                  apiVersion: 'meta.k8s.io/v1',
                  metadata: {
                    name: 'istio-remote-secret-us-1',
                    namespace: 'istio-system',
                    labels: { 'istio/multiCluster': 'true' },
                    annotations: { 'networking.istio.io/cluster': 'us-1' },
                  },
                },
              ],
            },
            {
              headers: {
                'content-type':
                  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
              },
            },
          );
        },
      ),
    );
    const secrets = await client().listSecretMetadata(
      'istio-system',
      'istio/multiCluster=true',
    );
    expect(secrets).toEqual([
      expect.objectContaining({
        name: 'istio-remote-secret-us-1',
        annotations: { 'networking.istio.io/cluster': 'us-1' },
      }),
    ]);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/namespaces/istio-system/secrets',
      accept: PARTIAL_METADATA_LIST_ACCEPT,
      authorization: `Bearer ${TOKEN}`,
    });
    expect(new URLSearchParams(seen[0].search).get('labelSelector')).toBe(
      'istio/multiCluster=true',
    );
  });

  it('keeps only metadata when a server ignores the metadata-only Accept', async () => {
    server.use(
      http.get(`${API}/api/v1/namespaces/kube-system/secrets`, () =>
        HttpResponse.json({
          kind: 'SecretList',
          apiVersion: 'v1',
          metadata: {},
          items: [
            {
              metadata: { name: 'cilium-clustermesh' },
              data: { 'us-1': 'ZW5kcG9pbnRzOiBbXQ==' },
            },
          ],
        }),
      ),
    );
    const secrets = await client().listSecretMetadata('kube-system');
    expect(secrets).toEqual([{ name: 'cilium-clustermesh' }]);
    expect(JSON.stringify(secrets)).not.toContain('ZW5kcG9pbnRz');
  });

  it('tells whether a CRD exists, asking for its metadata only', async () => {
    const seen = record();
    server.use(
      http.get(
        `${API}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/:name`,
        ({ params }) =>
          params.name === 'serviceexports.multicluster.x-k8s.io'
            ? HttpResponse.json({
                kind: 'PartialObjectMetadata',
                apiVersion: 'meta.k8s.io/v1',
                metadata: { name: params.name },
              })
            : HttpResponse.json(
                k8sStatus(
                  404,
                  'NotFound',
                  `customresourcedefinitions.apiextensions.k8s.io "${params.name}" not found`,
                ),
                { status: 404 },
              ),
      ),
    );
    await expect(
      client().customResourceDefinitionExists(
        'serviceexports.multicluster.x-k8s.io',
      ),
    ).resolves.toBe(true);
    await expect(
      client().customResourceDefinitionExists('gateways.submariner.io'),
    ).resolves.toBe(false);
    expect(seen.map(s => s.accept)).toEqual([
      PARTIAL_METADATA_ACCEPT,
      PARTIAL_METADATA_ACCEPT,
    ]);
    expect(seen.every(s => s.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('raises server errors from a CRD check instead of answering false', async () => {
    server.use(
      http.get(
        `${API}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/:name`,
        () =>
          HttpResponse.json(
            k8sStatus(503, 'ServiceUnavailable', 'etcdserver: leader changed'),
            { status: 503 },
          ),
      ),
    );
    await expect(
      client().customResourceDefinitionExists('gateways.submariner.io'),
    ).rejects.toMatchObject({ statusCode: 503 });
  });

  it('reads namespace labels as metadata and times out slow calls', async () => {
    server.use(
      http.get(`${API}/api/v1/namespaces/istio-system`, () =>
        HttpResponse.json({
          kind: 'PartialObjectMetadata',
          apiVersion: 'meta.k8s.io/v1',
          metadata: {
            name: 'istio-system',
            labels: { 'topology.istio.io/network': 'network-eu' },
          },
        }),
      ),
      http.get(`${API}/api/v1/nodes`, async () => {
        await untilTestEnds();
        return HttpResponse.json({ kind: 'NodeList', items: [] });
      }),
    );
    const ns = await client().getNamespaceMetadata('istio-system');
    expect(ns?.labels).toEqual({ 'topology.istio.io/network': 'network-eu' });
    await expect(client(50).listNodes()).rejects.toMatchObject({
      timeout: true,
      message: 'member-1: list nodes: timed out',
    });
  });
});

describe('KubernetesClient workload scaling', () => {
  it('reads a Deployment and scales it (its scale subresource) only at the version it read', async () => {
    const patches: { body: any; contentType: string | null }[] = [];
    let resourceVersion = '41';
    server.use(
      http.get(`${API}/apis/apps/v1/namespaces/shop/deployments/web`, () =>
        HttpResponse.json({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', namespace: 'shop', resourceVersion },
          spec: { replicas: 2 },
        }),
      ),
      http.patch(
        `${API}/apis/apps/v1/namespaces/shop/deployments/web/scale`,
        async ({ request }) => {
          const body: any = await request.json();
          patches.push({
            body,
            contentType: request.headers.get('content-type'),
          });
          if (body.metadata?.resourceVersion !== resourceVersion) {
            return HttpResponse.json(
              k8sStatus(409, 'Conflict', 'the object has been modified'),
              { status: 409 },
            );
          }
          resourceVersion = String(Number(resourceVersion) + 1);
          return HttpResponse.json({
            apiVersion: 'autoscaling/v1',
            kind: 'Scale',
            metadata: { name: 'web', resourceVersion },
            spec: { replicas: body.spec.replicas },
          });
        },
      ),
    );
    const c = client();
    const current = await c.getWorkload('Deployment', {
      namespace: 'shop',
      name: 'web',
    });
    expect(current.spec?.replicas).toBe(2);
    const patched = await c.scaleWorkload('Deployment', {
      namespace: 'shop',
      name: 'web',
      replicas: 5,
      resourceVersion: current.metadata?.resourceVersion,
    });
    expect(patched.metadata?.resourceVersion).toBe('42');
    // A second writer with the old version is refused, not applied.
    await expect(
      c.scaleWorkload('Deployment', {
        namespace: 'shop',
        name: 'web',
        replicas: 1,
        resourceVersion: '41',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(patches).toEqual([
      {
        body: { metadata: { resourceVersion: '41' }, spec: { replicas: 5 } },
        contentType: 'application/merge-patch+json',
      },
      {
        body: { metadata: { resourceVersion: '41' }, spec: { replicas: 1 } },
        contentType: 'application/merge-patch+json',
      },
    ]);
  });
});
