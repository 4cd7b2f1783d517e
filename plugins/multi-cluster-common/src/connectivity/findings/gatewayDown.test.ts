import {
  connectivity,
  membership,
  testCluster,
} from '../__testUtils__/testClusters';
import { gatewayDownFindings } from './gatewayDown';

describe('gatewayDownFindings', () => {
  it('flags a gateway that is not ready, with its message', () => {
    const findings = gatewayDownFindings([
      testCluster('eu-1', {
        connectivity: connectivity([
          membership('submariner', 'prod', {
            gateway: {
              ready: false,
              message:
                'Gateway eu-1-worker has HA status passive, no active gateway',
            },
          }),
          membership('istio', 'mesh1', { gateway: { ready: true } }),
        ]),
      }),
      testCluster('us-1', {
        connectivity: connectivity([membership('submariner', 'prod')]),
      }),
    ]);
    expect(findings).toEqual([
      {
        id: 'gateway-down',
        severity: 'high',
        title: 'Submariner gateway of eu-1 is not ready',
        detail:
          "eu-1's Submariner gateway for cluster set prod is not ready (Gateway eu-1-worker has HA status passive, no active gateway): traffic between eu-1 and the rest of the set over Submariner fails until it is.",
        clusters: ['eu-1'],
        clusterSet: 'prod',
      },
    ]);
  });

  it('reads well without a message', () => {
    const [finding] = gatewayDownFindings([
      testCluster('ap-1', {
        connectivity: connectivity([
          membership('cilium-clustermesh', 'mesh', {
            gateway: { ready: false },
          }),
        ]),
      }),
    ]);
    expect(finding.detail).toBe(
      "ap-1's Cilium Cluster Mesh gateway for cluster set mesh is not ready: traffic between ap-1 and the rest of the set over Cilium Cluster Mesh fails until it is.",
    );
  });
});
