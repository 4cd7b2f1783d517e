import { buildConnectivityReport } from './report';
import {
  connectivity,
  membership,
  networks,
  testCluster,
} from './__testUtils__/testClusters';

describe('buildConnectivityReport', () => {
  it('reports sets, findings and capacity of a realistic fleet', () => {
    const fleet = [
      testCluster('eu-west-1', {
        capacity: {
          allocatable: { cpu: '96', memory: '384Gi', pods: '1320' },
          virtualNodes: [
            {
              name: 'liqo-us-east-1',
              kind: 'liqo',
              peer: 'us-east-1',
              allocatable: { cpu: '48', memory: '192Gi', pods: '660' },
              ready: true,
            },
          ],
        },
        connectivity: connectivity(
          [
            membership('submariner', 'prod', {
              clusterId: 'eu-west-1',
              connectedTo: ['us-east-1'],
              gateway: { ready: true },
            }),
          ],
          { networks: networks(['10.244.0.0/16'], ['10.96.0.0/16']) },
        ),
      }),
      testCluster('us-east-1', {
        capacity: { allocatable: { cpu: '48', memory: '192Gi', pods: '660' } },
        connectivity: connectivity(
          [
            membership('submariner', 'prod', {
              clusterId: 'us-east-1',
              connectedTo: ['eu-west-1'],
              gateway: { ready: true },
            }),
          ],
          { networks: networks(['10.244.0.0/16'], ['10.97.0.0/16']) },
        ),
      }),
      testCluster('edge-lab', {
        capacity: {
          declared: { cpu: '8' },
          virtualNodes: [
            {
              name: 'admiralty-colo-target',
              kind: 'admiralty',
              peer: 'colo',
              allocatable: { cpu: '16' },
            },
          ],
        },
      }),
    ];
    const report = buildConnectivityReport(fleet);
    expect(report.clusterSets).toEqual([
      {
        name: 'prod',
        fabrics: ['submariner'],
        clusters: ['eu-west-1', 'us-east-1'],
        globalnet: false,
      },
    ]);
    expect(report.isolated).toEqual(['edge-lab']);
    expect(report.findings.map(f => [f.id, f.clusters])).toEqual([
      ['cidr-overlap', ['eu-west-1', 'us-east-1']],
    ]);
    expect(report.borrowed.map(b => [b.cluster, b.effective])).toEqual([
      ['edge-lab', { cpu: '24' }],
      ['eu-west-1', { cpu: '96', memory: '384Gi', pods: '1320' }],
    ]);
    expect(report.borrowed[1].virtualNodes[0].peerCluster).toBe('us-east-1');
    expect(report.fleetCapacity).toEqual({
      cpu: '168',
      memory: '576Gi',
      pods: '1980',
    });
    expect(report).not.toHaveProperty('errors');
  });

  it('is empty for an empty fleet', () => {
    expect(buildConnectivityReport([])).toEqual({
      clusterSets: [],
      isolated: [],
      findings: [],
      borrowed: [],
      fleetCapacity: {},
    });
  });
});
