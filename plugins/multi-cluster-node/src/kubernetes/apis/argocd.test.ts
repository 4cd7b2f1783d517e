import { http, HttpResponse } from 'msw';
import { k8sStatus, setupKubernetesMocks } from '../../testUtils/msw';
import { KubernetesClient } from '../client/KubernetesClient';
import {
  getApplication,
  getApplicationSet,
  listApplications,
  listApplicationSets,
} from './argocd';

const API = 'https://argocd-host.example.com:6443';
const TOKEN = 'argocd-host-token';
const BASE = `${API}/apis/argoproj.io/v1alpha1`;

const server = setupKubernetesMocks();

function client() {
  return KubernetesClient.fromEndpoint(
    { name: 'argocd-host', url: API, token: TOKEN },
    2000,
  );
}

const app = (name: string) => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name, namespace: 'argocd' },
  spec: { destination: { name: 'member-eu' } },
  status: { sync: { status: 'Synced' }, health: { status: 'Healthy' } },
});

describe('Argo CD API module', () => {
  it('lists Applications of a namespace and of all namespaces', async () => {
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => {
      paths.push(new URL(request.url).pathname);
    });
    server.use(
      http.get(`${BASE}/namespaces/argocd/applications`, () =>
        HttpResponse.json({ items: [app('web-eu'), app('web-us')] }),
      ),
      http.get(`${BASE}/applications`, () =>
        HttpResponse.json({ items: [app('web-eu')] }),
      ),
    );
    const inNamespace = await listApplications(client(), 'argocd');
    expect(inNamespace.map(a => a.metadata?.name)).toEqual([
      'web-eu',
      'web-us',
    ]);
    expect(inNamespace[0].status?.sync?.status).toBe('Synced');
    expect(await listApplications(client())).toHaveLength(1);
    expect(paths).toEqual([
      '/apis/argoproj.io/v1alpha1/namespaces/argocd/applications',
      '/apis/argoproj.io/v1alpha1/applications',
    ]);
  });

  it('gets one Application and one ApplicationSet by name', async () => {
    server.use(
      http.get(`${BASE}/namespaces/argocd/applications/web-eu`, () =>
        HttpResponse.json(app('web-eu')),
      ),
      http.get(`${BASE}/namespaces/argocd/applicationsets/web`, () =>
        HttpResponse.json({
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'ApplicationSet',
          metadata: { name: 'web', namespace: 'argocd', uid: 'u-1' },
          spec: { template: { spec: { source: { targetRevision: 'v2' } } } },
        }),
      ),
    );
    const one = await getApplication(client(), {
      namespace: 'argocd',
      name: 'web-eu',
    });
    expect(one.spec?.destination).toEqual({ name: 'member-eu' });
    const set = await getApplicationSet(client(), {
      namespace: 'argocd',
      name: 'web',
    });
    expect(set.spec?.template?.spec?.source?.targetRevision).toBe('v2');
  });

  it('lists ApplicationSets and surfaces a missing CRD as a 404 naming the resource', async () => {
    server.use(
      http.get(`${BASE}/namespaces/argocd/applicationsets`, () =>
        HttpResponse.json({ items: [] }),
      ),
      http.get(`${BASE}/applicationsets`, () =>
        HttpResponse.json(
          k8sStatus(
            404,
            'NotFound',
            'the server could not find the requested resource',
          ),
          {
            status: 404,
          },
        ),
      ),
    );
    expect(await listApplicationSets(client(), 'argocd')).toEqual([]);
    const error = await listApplicationSets(client()).catch(e => e);
    expect(error.statusCode).toBe(404);
    expect(error.message).toContain('applicationsets.argoproj.io/v1alpha1');
    expect(error.message).not.toContain(TOKEN);
  });
});
