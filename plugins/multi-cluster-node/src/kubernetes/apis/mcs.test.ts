import { http, HttpResponse } from 'msw';
import { k8sStatus, setupKubernetesMocks } from '../../testUtils/msw';
import { KubernetesClient } from '../client/KubernetesClient';
import {
  getServiceExport,
  getServiceImport,
  listClusterProperties,
  listServiceExports,
  listServiceImports,
} from './mcs';

const API = 'https://member-1.example.com:6443';
const TOKEN = 'member-1-token';
const MCS = `${API}/apis/multicluster.x-k8s.io`;

const server = setupKubernetesMocks();

function client() {
  return KubernetesClient.fromEndpoint(
    { name: 'member-1', url: API, token: TOKEN },
    2000,
  );
}

const serviceExport = (version: string) => ({
  apiVersion: `multicluster.x-k8s.io/${version}`,
  kind: 'ServiceExport',
  metadata: { name: 'checkout', namespace: 'shop' },
  status: { conditions: [{ type: 'Valid', status: 'True' }] },
});

describe('MCS API module', () => {
  it('lists ServiceExports at v1alpha1 by default and at the version asked for', async () => {
    server.use(
      http.get(`${MCS}/v1alpha1/serviceexports`, () =>
        HttpResponse.json({ items: [serviceExport('v1alpha1')] }),
      ),
      http.get(`${MCS}/v1beta1/namespaces/shop/serviceexports`, () =>
        HttpResponse.json({ items: [serviceExport('v1beta1')] }),
      ),
    );
    const [alpha] = await listServiceExports(client());
    expect(alpha.apiVersion).toBe('multicluster.x-k8s.io/v1alpha1');
    expect(alpha.status?.conditions?.[0]).toEqual({
      type: 'Valid',
      status: 'True',
    });
    const [beta] = await listServiceExports(client(), {
      version: 'v1beta1',
      namespace: 'shop',
    });
    expect(beta.apiVersion).toBe('multicluster.x-k8s.io/v1beta1');
  });

  it('surfaces a version that is not served as a 404', async () => {
    server.use(
      http.get(`${MCS}/v1beta1/serviceexports`, () =>
        HttpResponse.json(k8sStatus(404, 'NotFound', 'not found'), {
          status: 404,
        }),
      ),
    );
    const error = await listServiceExports(client(), {
      version: 'v1beta1',
    }).catch(e => e);
    expect(error.statusCode).toBe(404);
    expect(error.message).toContain(
      'serviceexports.multicluster.x-k8s.io/v1beta1',
    );
  });

  it('gets ServiceExports and lists and gets ServiceImports', async () => {
    server.use(
      http.get(`${MCS}/v1alpha1/namespaces/shop/serviceexports/checkout`, () =>
        HttpResponse.json(serviceExport('v1alpha1')),
      ),
      http.get(`${MCS}/v1alpha1/namespaces/shop/serviceimports`, () =>
        HttpResponse.json({
          items: [
            {
              metadata: { name: 'checkout', namespace: 'shop' },
              spec: { type: 'ClusterSetIP', ips: ['10.96.0.10'] },
              status: { clusters: [{ cluster: 'member-1' }] },
            },
          ],
        }),
      ),
      http.get(`${MCS}/v1alpha1/namespaces/shop/serviceimports/checkout`, () =>
        HttpResponse.json({
          metadata: { name: 'checkout', namespace: 'shop' },
          spec: { type: 'Headless' },
        }),
      ),
    );
    const exp = await getServiceExport(client(), {
      namespace: 'shop',
      name: 'checkout',
    });
    expect(exp.metadata?.name).toBe('checkout');
    const [imported] = await listServiceImports(client(), {
      namespace: 'shop',
    });
    expect(imported.spec?.ips).toEqual(['10.96.0.10']);
    expect(imported.status?.clusters).toEqual([{ cluster: 'member-1' }]);
    const one = await getServiceImport(client(), {
      namespace: 'shop',
      name: 'checkout',
    });
    expect(one.spec?.type).toBe('Headless');
  });

  it('lists ClusterProperties of about.k8s.io', async () => {
    server.use(
      http.get(`${API}/apis/about.k8s.io/v1alpha1/clusterproperties`, () =>
        HttpResponse.json({
          items: [
            {
              metadata: { name: 'clusterset.k8s.io' },
              spec: { value: 'prod' },
            },
          ],
        }),
      ),
    );
    expect(await listClusterProperties(client())).toEqual([
      { metadata: { name: 'clusterset.k8s.io' }, spec: { value: 'prod' } },
    ]);
  });
});
