import {
  connectivity,
  membership,
  networks,
  testCluster,
} from '../__testUtils__/testClusters';
import { findConnectivityFindings } from './index';

describe('findConnectivityFindings', () => {
  it('puts every check together, most severe first, in a stable order', () => {
    const fleet = [
      testCluster('us-1', {
        connectivity: connectivity(
          [
            membership('submariner', 'prod', {
              connectedTo: [],
              gateway: { ready: false },
            }),
          ],
          { networks: networks(['10.244.0.0/16']) },
        ),
      }),
      testCluster('eu-1', {
        connectivity: connectivity(
          [membership('submariner', 'prod', { connectedTo: ['us-1'] })],
          { networks: networks(['10.244.0.0/16']) },
        ),
      }),
    ];
    const findings = findConnectivityFindings(fleet);
    expect(findings.map(f => `${f.severity} ${f.id} ${f.clusters}`)).toEqual([
      'high cidr-overlap eu-1,us-1',
      'high gateway-down us-1',
      'medium peer-not-connected us-1,eu-1',
    ]);
    expect(findConnectivityFindings([...fleet].reverse())).toEqual(findings);
  });

  it('finds nothing in a healthy fleet', () => {
    expect(
      findConnectivityFindings([
        testCluster('a', {
          connectivity: connectivity(
            [
              membership('submariner', 'prod', {
                connectedTo: ['b'],
                gateway: { ready: true },
              }),
            ],
            { networks: networks(['10.1.0.0/16'], ['10.101.0.0/16']) },
          ),
        }),
        testCluster('b', {
          connectivity: connectivity(
            [
              membership('submariner', 'prod', {
                connectedTo: ['a'],
                gateway: { ready: true },
              }),
            ],
            { networks: networks(['10.2.0.0/16'], ['10.102.0.0/16']) },
          ),
        }),
      ]),
    ).toEqual([]);
  });
});
