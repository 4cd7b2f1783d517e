import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { API, memberClient } from './__fixtures__/common';
import {
  fakeClusterHandlers,
  type FakeCluster,
} from './__testUtils__/fakeCluster';
import {
  ciliumConfig,
  clustermeshApiserverDeployment,
  clustermeshApiserverService,
} from './__fixtures__/cilium';
import {
  eastWestGateway,
  istioSystemNamespace,
  meshConfigMap,
  remoteSecretsMetadata,
} from './__fixtures__/istio';
import { kubeadmConfig } from './__fixtures__/kubeadm';
import { clusterProperties, serviceExports } from './__fixtures__/mcs';
import {
  admiraltyVirtualNode,
  liqoVirtualNode,
  workerA,
  workerB,
} from './__fixtures__/nodes';
import {
  endpoints,
  gatewayActive,
  lighthouseAgent,
  submarinerCr,
} from './__fixtures__/submariner';
import { ConnectivityInspector } from './ConnectivityInspector';

const server = setupKubernetesMocks();

/** A cluster on every fabric at once, borrowing capacity from two peers. */
const everything: FakeCluster = {
  crds: [
    'submariners.submariner.io',
    'gateways.submariner.io',
    'endpoints.submariner.io',
    'serviceexports.multicluster.x-k8s.io',
    'serviceimports.multicluster.x-k8s.io',
    'clusterproperties.about.k8s.io',
  ],
  custom: {
    'submariners.submariner.io/v1alpha1': [submarinerCr],
    'gateways.submariner.io/v1': [gatewayActive],
    'endpoints.submariner.io/v1': endpoints,
    'clusterproperties.about.k8s.io/v1alpha1': clusterProperties,
    'serviceexports.multicluster.x-k8s.io/v1alpha1': serviceExports,
  },
  deployments: {
    'submariner-operator': [lighthouseAgent],
    'kube-system': [clustermeshApiserverDeployment(1)],
  },
  configMaps: {
    'istio-system/istio': meshConfigMap('mesh-prod'),
    'kube-system/cilium-config': ciliumConfig,
    'kube-system/kubeadm-config': kubeadmConfig,
  },
  secrets: { 'istio-system': remoteSecretsMetadata.items },
  services: {
    'istio-system': [eastWestGateway([{ ip: '203.0.113.40' }])],
    'kube-system': [
      clustermeshApiserverService([{ ip: '203.0.113.41' }], {
        'flotilla.io/cluster-sets': 'cilium-mesh-eu',
      }),
    ],
  },
  namespaces: { 'istio-system': istioSystemNamespace },
  nodes: [workerA, workerB, liqoVirtualNode, admiraltyVirtualNode],
};

describe('ConnectivityInspector', () => {
  it('merges every detector into one record, authenticated with the bearer token', async () => {
    const requests: string[] = [];
    server.use(...fakeClusterHandlers(everything, requests));
    const inspection = await ConnectivityInspector.default().inspect(
      'eu-1',
      memberClient(),
      { timeoutMs: 5000 },
    );
    const { connectivity } = inspection;
    // The fake API answers 401 to any request without the token: no errors means it was sent.
    expect(connectivity.errors).toBeUndefined();
    expect(requests.length).toBeGreaterThan(15);
    expect(connectivity.clusterSets).toEqual([
      'cilium-mesh-eu',
      'mesh-prod',
      'prod-clusterset',
    ]);
    expect(
      connectivity.fabrics.map(f => [f.kind, f.clusterSet]).sort(),
    ).toEqual([
      ['cilium-clustermesh', 'cilium-mesh-eu'],
      ['istio', 'mesh-prod'],
      ['mcs', 'prod-clusterset'],
      // The MCS ClusterSet property names Submariner's set, not the broker.
      ['submariner', 'prod-clusterset'],
    ]);
    expect(
      connectivity.fabrics.find(f => f.kind === 'submariner')?.evidence,
    ).toContain(
      'cluster set prod-clusterset from the clusterset.k8s.io ClusterProperty (broker: broker.fleet.example.com:6443/submariner-k8s-broker)',
    );
    // Cilium's pool wins over Submariner and kubeadm for pods; services come from Submariner.
    expect(connectivity.networks).toEqual({
      podCidrs: ['10.10.0.0/16'],
      serviceCidrs: ['10.96.0.0/12'],
      detectedVia: 'api',
    });
    expect(connectivity.mcs?.clusterSet).toBe('prod-clusterset');
    expect(connectivity.serviceExports).toHaveLength(3);
    expect(inspection.virtualNodes.map(v => [v.kind, v.peer])).toEqual([
      ['admiralty', 'default/ap-1'],
      ['liqo', 'us-1'],
    ]);
    // Borrowed capacity (14 + 24 CPUs) is not in the cluster's own.
    expect(inspection.ownAllocatable).toMatchObject({
      cpu: '15820m',
      memory: '62739152Ki',
      pods: '116',
    });
  });

  it('records a 403 naming the detector and status while the others still report', async () => {
    server.use(
      ...fakeClusterHandlers({
        ...everything,
        failures: [
          { path: /^\/apis\/submariner\.io\/v1\/gateways$/, status: 403 },
        ],
      }),
    );
    const { connectivity, virtualNodes } =
      await ConnectivityInspector.default().inspect('eu-1', memberClient(), {
        timeoutMs: 5000,
      });
    expect(connectivity.errors).toEqual([
      expect.stringMatching(
        /^submariner: HTTP 403: eu-1: list gateways\.submariner\.io\/v1: .*forbidden/,
      ),
    ]);
    expect(connectivity.fabrics.map(f => f.kind).sort()).toEqual([
      'cilium-clustermesh',
      'istio',
      'mcs',
    ]);
    expect(virtualNodes).toHaveLength(2);
  });

  it('records a 5xx on the Nodes and leaves own capacity unknown', async () => {
    server.use(
      ...fakeClusterHandlers({
        ...everything,
        failures: [{ path: /^\/api\/v1\/nodes$/, status: 503 }],
      }),
    );
    const inspection = await ConnectivityInspector.default().inspect(
      'eu-1',
      memberClient(),
      { timeoutMs: 5000 },
    );
    expect(inspection.connectivity.errors).toEqual([
      expect.stringMatching(/^virtual-nodes: HTTP 503: eu-1: list nodes/),
    ]);
    expect(inspection.ownAllocatable).toBeUndefined();
    expect(inspection.virtualNodes).toEqual([]);
    expect(inspection.connectivity.clusterSets).toHaveLength(3);
  });

  it('stops a slow cluster at the deadline and keeps what answered in time', async () => {
    server.use(
      ...fakeClusterHandlers({
        ...everything,
        hanging: [/^\/api\/v1\/namespaces\/istio-system\/secrets$/],
      }),
    );
    // Returns while the Istio request still hangs: the deadline cut it.
    const { connectivity } = await ConnectivityInspector.default().inspect(
      'eu-1',
      // The client's own timeout is longer: the inspector's deadline is what stops it.
      KubernetesClient.fromEndpoint(
        { name: 'eu-1', url: API, token: 'eu-1-reader-token' },
        10_000,
      ),
      // Long enough for the detectors that answer, on a loaded machine.
      { timeoutMs: 3000 },
    );
    expect(connectivity.errors).toEqual([
      expect.stringMatching(/^istio: .*(timed out|aborted)/),
    ]);
    expect(connectivity.fabrics.map(f => f.kind)).not.toContain('istio');
    expect(connectivity.fabrics.map(f => f.kind)).toContain('submariner');
  });

  it('aborts the signal it passed to a detector at the deadline', async () => {
    let passed: AbortSignal | undefined;
    const hanging = {
      id: 'hanging',
      detect: (_client: KubernetesClient, options: { signal: AbortSignal }) =>
        new Promise<never>((_, reject) => {
          passed = options.signal;
          options.signal.addEventListener('abort', () =>
            reject(options.signal.reason),
          );
        }),
    };
    const { connectivity } = await new ConnectivityInspector([hanging]).inspect(
      'eu-1',
      memberClient(),
      { timeoutMs: 20 },
    );
    expect(passed?.aborted).toBe(true);
    expect(connectivity.errors).toEqual(['hanging: eu-1: timed out']);
  });

  it('reports an isolated cluster without fabrics and without errors', async () => {
    server.use(...fakeClusterHandlers({ nodes: [workerA] }));
    const inspection = await ConnectivityInspector.default().inspect(
      'plain',
      memberClient(),
      { timeoutMs: 5000 },
    );
    expect(inspection).toEqual({
      connectivity: {
        clusterSets: [],
        fabrics: [],
        networks: {
          podCidrs: ['10.244.1.0/24'],
          serviceCidrs: [],
          detectedVia: 'api',
        },
      },
      virtualNodes: [],
      ownAllocatable: workerA.status.allocatable,
    });
  });

  describe('a detector whose latest attempt failed', () => {
    const kubeadmConfigPath =
      /^\/api\/v1\/namespaces\/kube-system\/configmaps\/kubeadm-config$/;
    /** Networks from kubeadm only: nothing else reports them. */
    const kubeadmCluster: FakeCluster = {
      nodes: [workerA],
      configMaps: { 'kube-system/kubeadm-config': kubeadmConfig },
    };
    let clock = Date.parse('2026-12-03T10:00:00Z');
    const inspector = () =>
      ConnectivityInspector.default({
        now: () => clock,
        lastResultMaxAgeMs: 10 * 60_000,
      });

    async function inspectTwice(
      subject: ConnectivityInspector,
      failure: { path: RegExp; status: number },
      laterMs: number,
    ) {
      clock = Date.parse('2026-12-03T10:00:00Z');
      server.use(...fakeClusterHandlers(kubeadmCluster));
      const first = await subject.inspect('eu-1', memberClient(), {
        timeoutMs: 5000,
      });
      clock += laterMs;
      server.use(
        ...fakeClusterHandlers({ ...kubeadmCluster, failures: [failure] }),
      );
      const second = await subject.inspect('eu-1', memberClient(), {
        timeoutMs: 5000,
      });
      return { first, second };
    }

    it('shows its last complete answer, with its age, after a transient failure', async () => {
      const { first, second } = await inspectTwice(
        inspector(),
        { path: kubeadmConfigPath, status: 503 },
        90_000,
      );
      expect(first.connectivity.networks?.podCidrs.length).toBeGreaterThan(0);
      expect(second.connectivity.networks).toEqual(first.connectivity.networks);
      expect(second.connectivity.errors).toEqual([
        expect.stringMatching(
          /^networks: HTTP 503: .*kubeadm-config.* \(showing what it saw 90 s ago\)$/,
        ),
      ]);
      expect(second.connectivity.earlierObservations).toEqual([
        { detector: 'networks', observedAt: '2026-12-03T10:00:00.000Z' },
      ]);
      expect(first.connectivity.earlierObservations).toBeUndefined();
    });

    it('drops it when the cluster answers 403: the data may no longer be shown', async () => {
      const { second } = await inspectTwice(
        inspector(),
        { path: kubeadmConfigPath, status: 403 },
        1000,
      );
      expect(second.connectivity.errors).toEqual([
        expect.stringMatching(/^networks: HTTP 403: .*forbidden/),
      ]);
      expect(second.connectivity.networks).toBeUndefined();
      expect(second.connectivity.earlierObservations).toBeUndefined();
    });

    it('drops it once older than the maximum age', async () => {
      const { second } = await inspectTwice(
        inspector(),
        { path: kubeadmConfigPath, status: 503 },
        10 * 60_000 + 1,
      );
      expect(second.connectivity.errors).toEqual([
        expect.stringMatching(/^networks: HTTP 503: [^(]*$/),
      ]);
      expect(second.connectivity.networks).toBeUndefined();
      expect(second.connectivity.earlierObservations).toBeUndefined();
    });

    it('forgets clusters that left the fleet', async () => {
      const subject = inspector();
      server.use(...fakeClusterHandlers(kubeadmCluster));
      await subject.inspect('eu-1', memberClient(), { timeoutMs: 5000 });
      subject.retainClusters(['eu-2']);
      server.use(
        ...fakeClusterHandlers({
          ...kubeadmCluster,
          failures: [{ path: kubeadmConfigPath, status: 503 }],
        }),
      );
      const after = await subject.inspect('eu-1', memberClient(), {
        timeoutMs: 5000,
      });
      expect(after.connectivity.networks).toBeUndefined();
      expect(after.connectivity.earlierObservations).toBeUndefined();
    });
  });

  it('refuses a non-positive timeout and duplicate detector ids', async () => {
    await expect(
      ConnectivityInspector.default().inspect('eu-1', memberClient(), {
        timeoutMs: 0,
      }),
    ).rejects.toThrow(/timeoutMs must be a positive number/);
    const detector = { id: 'x', detect: async () => ({}) };
    expect(() => new ConnectivityInspector([detector, detector])).toThrow(
      'Duplicate connectivity detector id x',
    );
  });
});
