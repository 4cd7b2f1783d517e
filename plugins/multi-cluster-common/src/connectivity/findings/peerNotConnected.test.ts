import {
  connectivity,
  membership,
  testCluster,
} from '../__testUtils__/testClusters';
import { peerNotConnectedFindings } from './peerNotConnected';

describe('peerNotConnectedFindings', () => {
  it('flags a member whose connections leave out a peer of the same fabric and set', () => {
    const findings = peerNotConnectedFindings([
      testCluster('eu-1', {
        connectivity: connectivity([
          membership('submariner', 'prod', {
            clusterId: 'cluster-eu1',
            connectedTo: ['cluster-us1'],
          }),
        ]),
      }),
      testCluster('us-1', {
        connectivity: connectivity([
          membership('submariner', 'prod', {
            clusterId: 'cluster-us1',
            connectedTo: ['cluster-eu1', 'ap-1'],
          }),
        ]),
      }),
      // No clusterId: recognised by its cluster name.
      testCluster('ap-1', {
        connectivity: connectivity([membership('submariner', 'prod')]),
      }),
      // Another fabric in the same set is not expected among Submariner peers.
      testCluster('lab', {
        connectivity: connectivity([membership('istio', 'prod')]),
      }),
    ]);
    expect(findings).toEqual([
      {
        id: 'peer-not-connected',
        severity: 'medium',
        title: 'eu-1 is not connected to ap-1 over Submariner',
        detail:
          'eu-1 and ap-1 are in Submariner cluster set prod, but eu-1 reports no live connection to it (connected: cluster-us1). Check the gateways and the firewall between them.',
        clusters: ['eu-1', 'ap-1'],
        clusterSet: 'prod',
      },
    ]);
  });

  it('says when a member is connected to nobody', () => {
    const findings = peerNotConnectedFindings([
      testCluster('a', {
        connectivity: connectivity([
          membership('cilium-clustermesh', 'mesh', { connectedTo: [] }),
        ]),
      }),
      testCluster('b', {
        connectivity: connectivity([membership('cilium-clustermesh', 'mesh')]),
      }),
      testCluster('c', {
        connectivity: connectivity([membership('cilium-clustermesh', 'mesh')]),
      }),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0].title).toBe(
      'a is not connected to 2 peers over Cilium Cluster Mesh',
    );
    expect(findings[0].detail).toContain('(no connections at all)');
    expect(findings[0].clusters).toEqual(['a', 'b', 'c']);
  });

  it('ignores fabrics that do not report connections, and members that do not list them', () => {
    expect(
      peerNotConnectedFindings([
        testCluster('a', {
          connectivity: connectivity([
            membership('mcs', 'shop', { connectedTo: [] }),
            membership('istio', 'mesh'),
          ]),
        }),
        testCluster('b', {
          connectivity: connectivity([
            membership('mcs', 'shop'),
            membership('istio', 'mesh'),
          ]),
        }),
      ]),
    ).toEqual([]);
  });
});
