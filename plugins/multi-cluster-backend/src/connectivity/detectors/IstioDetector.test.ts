import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { NO_ABORT, memberClient } from '../__fixtures__/common';
import { fakeClusterHandlers } from '../__testUtils__/fakeCluster';
import {
  eastWestGateway,
  istioSystemNamespace,
  meshConfigMap,
  remoteSecretsMetadata,
} from '../__fixtures__/istio';
import { IstioDetector } from './IstioDetector';

const server = setupKubernetesMocks();

describe('IstioDetector', () => {
  it('reads the mesh id, remote clusters, network and east-west gateway', async () => {
    const requests: string[] = [];
    server.use(
      ...fakeClusterHandlers(
        {
          configMaps: { 'istio-system/istio': meshConfigMap('mesh-prod') },
          secrets: { 'istio-system': remoteSecretsMetadata.items },
          services: {
            'istio-system': [eastWestGateway([{ ip: '203.0.113.40' }])],
          },
          namespaces: { 'istio-system': istioSystemNamespace },
        },
        requests,
      ),
    );
    const result = await new IstioDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.errors).toBeUndefined();
    expect(result.fabrics).toEqual([
      {
        kind: 'istio',
        clusterSet: 'mesh-prod',
        detectedVia: 'api',
        gateway: { ready: true },
        evidence: [
          'Istio mesh id mesh-prod',
          'remote secret for cluster ap-1',
          'remote secret for cluster us-1',
          'network network-eu',
          'east-west gateway istio-eastwestgateway has an external address',
        ],
      },
    ]);
    expect(requests).toContain(
      'GET /api/v1/namespaces/istio-system/secrets?labelSelector=istio%2FmultiCluster%3Dtrue',
    );
  });

  it('falls back to the trust domain and reports a gateway without an address', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: { 'istio-system/istio': meshConfigMap() },
        services: { 'istio-system': [eastWestGateway([])] },
      }),
    );
    const result = await new IstioDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.fabrics![0]).toMatchObject({
      clusterSet: 'fleet.example.com',
      gateway: {
        ready: false,
        message:
          'east-west gateway istio-eastwestgateway has no external address',
      },
    });
  });

  it('reports no fabric for a cluster without multi-cluster Istio', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: { 'istio-system/istio': meshConfigMap('mesh-prod') },
      }),
    );
    await expect(
      new IstioDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({});
    server.use(...fakeClusterHandlers({}));
    await expect(
      new IstioDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({});
  });

  it('keeps the fabric when only the namespace lookup is forbidden', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: { 'istio-system/istio': meshConfigMap('mesh-prod') },
        secrets: { 'istio-system': remoteSecretsMetadata.items },
        failures: [
          { path: /^\/api\/v1\/namespaces\/istio-system$/, status: 403 },
        ],
      }),
    );
    const result = await new IstioDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.fabrics![0].clusterSet).toBe('mesh-prod');
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^istio: HTTP 403: eu-1: get namespace istio-system/,
      ),
    ]);
  });
});
