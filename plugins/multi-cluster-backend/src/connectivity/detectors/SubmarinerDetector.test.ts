import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { NO_ABORT, memberClient } from '../__fixtures__/common';
import {
  fakeClusterHandlers,
  type FakeCluster,
} from '../__testUtils__/fakeCluster';
import {
  endpoints,
  gatewayActive,
  gatewayPassive,
  lighthouseAgent,
  submarinerCr,
} from '../__fixtures__/submariner';
import { SubmarinerDetector, submarinerClusterSet } from './SubmarinerDetector';

const server = setupKubernetesMocks();

const SUBMARINER_CRDS = [
  'submariners.submariner.io',
  'gateways.submariner.io',
  'endpoints.submariner.io',
];

const joined: FakeCluster = {
  crds: SUBMARINER_CRDS,
  custom: {
    'submariners.submariner.io/v1alpha1': [submarinerCr],
    'gateways.submariner.io/v1': [gatewayActive, gatewayPassive],
    'endpoints.submariner.io/v1': endpoints,
  },
  deployments: { 'submariner-operator': [lighthouseAgent] },
};

describe('SubmarinerDetector', () => {
  it('reads the broker cluster set, Globalnet, gateway connections and CIDRs', async () => {
    const requests: string[] = [];
    server.use(...fakeClusterHandlers(joined, requests));
    const result = await new SubmarinerDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.errors).toBeUndefined();
    expect(result.networks).toEqual({
      podCidrs: ['10.244.0.0/16'],
      serviceCidrs: ['10.96.0.0/12'],
      detectedVia: 'api',
    });
    expect(result.fabrics).toHaveLength(1);
    const fabric = result.fabrics![0];
    expect(fabric).toMatchObject({
      kind: 'submariner',
      clusterSet: 'broker.fleet.example.com:6443/submariner-k8s-broker',
      clusterId: 'eu-1',
      detectedVia: 'api',
      globalnet: true,
      // ap-1's connection is in error: reported, not counted as connected.
      connectedTo: ['us-1'],
      gateway: { ready: true },
    });
    expect(fabric.evidence).toEqual(
      expect.arrayContaining([
        'Submariner Gateway eu-1-worker-a is active',
        'Submariner Gateway eu-1-worker-b is passive',
        'connected to us-1 (average RTT 86.02ms)',
        expect.stringMatching(
          /^connection to ap-1 is error: Failed to successfully ping/,
        ),
        'Lighthouse agent 1/1 ready (service discovery)',
        'Globalnet CIDR 242.0.0.0/16',
      ]),
    );
    // Never keeps secrets from the CR.
    expect(JSON.stringify(result)).not.toMatch(/brokerK8sSecret|ceIPSecPSK/);
    expect(requests).toEqual(
      expect.arrayContaining([
        'GET /apis/submariner.io/v1alpha1/namespaces/submariner-operator/submariners',
        'GET /apis/submariner.io/v1/gateways',
        'GET /apis/submariner.io/v1/endpoints',
      ]),
    );
  });

  it('reports no fabric when Submariner is not installed (404)', async () => {
    server.use(...fakeClusterHandlers({}));
    await expect(
      new SubmarinerDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({});
  });

  it('marks the gateway down when no Gateway is active', async () => {
    server.use(
      ...fakeClusterHandlers({
        ...joined,
        custom: {
          ...joined.custom,
          'gateways.submariner.io/v1': [gatewayPassive],
        },
      }),
    );
    const result = await new SubmarinerDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.fabrics![0].gateway).toEqual({
      ready: false,
      message: 'no active Submariner Gateway',
    });
    expect(result.fabrics![0].connectedTo).toEqual([]);
  });

  it('throws a 403 on the Gateways so the inspector records it', async () => {
    server.use(
      ...fakeClusterHandlers({
        ...joined,
        failures: [{ path: /\/gateways$/, status: 403 }],
      }),
    );
    await expect(
      new SubmarinerDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('names the cluster set after the broker, or the synced clusters without one', () => {
    expect(
      submarinerClusterSet(
        {
          brokerK8sApiServer: 'https://broker.example.com:6443',
          brokerK8sRemoteNamespace: 'submariner-k8s-broker',
        },
        [],
      ),
    ).toBe('broker.example.com:6443/submariner-k8s-broker');
    expect(submarinerClusterSet({}, ['us-1', 'eu-1', 'us-1'])).toBe(
      'submariner:eu-1,us-1',
    );
  });
});
