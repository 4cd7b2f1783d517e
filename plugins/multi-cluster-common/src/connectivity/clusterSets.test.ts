import { clusterSetIndex, summarizeClusterSets } from './clusterSets';
import {
  connectivity,
  membership,
  testCluster,
} from './__testUtils__/testClusters';

describe('summarizeClusterSets', () => {
  const fleet = [
    testCluster('us-1', {
      connectivity: connectivity([
        membership('submariner', 'prod', { globalnet: true }),
        membership('istio', 'mesh-global'),
      ]),
    }),
    testCluster('eu-1', {
      connectivity: connectivity([
        membership('submariner', 'prod', { globalnet: true }),
        membership('cilium-clustermesh', 'prod'),
        membership('istio', 'mesh-global'),
      ]),
    }),
    testCluster('lab', {
      connectivity: { clusterSets: ['lab-set'], fabrics: [] },
    }),
    testCluster('edge-2'),
    testCluster('edge-1', {
      connectivity: { clusterSets: [], fabrics: [] },
    }),
  ];

  it('lists sets, their fabrics and members sorted, and isolated clusters', () => {
    expect(summarizeClusterSets(fleet)).toEqual({
      clusterSets: [
        { name: 'lab-set', fabrics: [], clusters: ['lab'], globalnet: false },
        {
          name: 'mesh-global',
          fabrics: ['istio'],
          clusters: ['eu-1', 'us-1'],
          globalnet: false,
        },
        {
          name: 'prod',
          fabrics: ['cilium-clustermesh', 'submariner'],
          clusters: ['eu-1', 'us-1'],
          globalnet: true,
        },
      ],
      isolated: ['edge-1', 'edge-2'],
    });
  });

  it('is not globalnet when one member routes real addresses', () => {
    const withPlain = [
      ...fleet,
      testCluster('ap-1', {
        connectivity: connectivity([membership('submariner', 'prod')]),
      }),
    ];
    const prod = summarizeClusterSets(withPlain).clusterSets.find(
      set => set.name === 'prod',
    );
    expect(prod).toEqual(
      expect.objectContaining({
        clusters: ['ap-1', 'eu-1', 'us-1'],
        globalnet: false,
      }),
    );
  });

  it('does not depend on input order', () => {
    expect(summarizeClusterSets([...fleet].reverse())).toEqual(
      summarizeClusterSets(fleet),
    );
  });
});

describe('clusterSetIndex', () => {
  it('maps every cluster, even one in no set', () => {
    const index = clusterSetIndex([
      testCluster('a', {
        connectivity: connectivity([membership('mcs', 'shop')]),
      }),
      testCluster('b'),
    ]);
    expect([...index.get('a')!]).toEqual(['shop']);
    expect(index.get('b')!.size).toBe(0);
  });
});
