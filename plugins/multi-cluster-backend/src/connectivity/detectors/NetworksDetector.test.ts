import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { NO_ABORT, memberClient } from '../__fixtures__/common';
import { fakeClusterHandlers } from '../__testUtils__/fakeCluster';
import { kubeadmConfig } from '../__fixtures__/kubeadm';
import { workerA, workerB } from '../__fixtures__/nodes';
import { NetworksDetector } from './NetworksDetector';

const server = setupKubernetesMocks();

describe('NetworksDetector', () => {
  it("reads kubeadm's dual-stack pod and service subnets", async () => {
    const requests: string[] = [];
    server.use(
      ...fakeClusterHandlers(
        { configMaps: { 'kube-system/kubeadm-config': kubeadmConfig } },
        requests,
      ),
    );
    await expect(
      new NetworksDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({
      networks: {
        podCidrs: ['10.244.0.0/16', 'fd00:10:244::/56'],
        serviceCidrs: ['10.96.0.0/12'],
        detectedVia: 'api',
      },
    });
    expect(requests).toEqual([
      'GET /api/v1/namespaces/kube-system/configmaps/kubeadm-config',
    ]);
  });

  it("falls back to the Nodes' podCIDRs", async () => {
    server.use(...fakeClusterHandlers({ nodes: [workerA, workerB] }));
    await expect(
      new NetworksDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({
      networks: {
        podCidrs: ['10.244.1.0/24', '10.244.2.0/24'],
        serviceCidrs: [],
        detectedVia: 'api',
      },
    });
  });

  it('reports nothing when neither shows a network', async () => {
    server.use(...fakeClusterHandlers({ nodes: [] }));
    await expect(
      new NetworksDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).resolves.toEqual({});
  });

  it('rejects a ClusterConfiguration that is not YAML', async () => {
    server.use(
      ...fakeClusterHandlers({
        configMaps: {
          'kube-system/kubeadm-config': {
            ...kubeadmConfig,
            data: { ClusterConfiguration: 'networking: [unclosed' },
          },
        },
      }),
    );
    await expect(
      new NetworksDetector().detect(memberClient(), { signal: NO_ABORT }),
    ).rejects.toThrow(/kubeadm-config ClusterConfiguration is not valid YAML/);
  });
});
