import {
  mergeReplicaOverrideRules,
  replicaOverrideRules,
  scaleUpFirst,
  splitReplicas,
} from './replicaShift';

describe('splitReplicas', () => {
  it('splits evenly, the first workloads taking the remainder', () => {
    expect(splitReplicas(7, 3)).toEqual([3, 2, 2]);
    expect(splitReplicas(0, 2)).toEqual([0, 0]);
    expect(splitReplicas(4, 1)).toEqual([4]);
  });
});

describe('scaleUpFirst', () => {
  it('puts the clusters that gain replicas before those that lose some', () => {
    const moves = [
      { cluster: 'a', before: 3, after: 0 },
      { cluster: 'b', before: 0, after: 2 },
      { cluster: 'c', before: 0, after: 1 },
    ];
    expect(scaleUpFirst(moves).map(m => m.cluster)).toEqual(['b', 'c', 'a']);
    expect(moves.map(m => m.cluster)).toEqual(['a', 'b', 'c']);
  });
});

describe('mergeReplicaOverrideRules', () => {
  const moves = [
    { cluster: 'eu', before: 3, after: 0 },
    { cluster: 'us', before: 0, after: 3 },
  ];

  it('sets absolute replicas for the moved clusters', () => {
    expect(mergeReplicaOverrideRules(undefined, moves)).toEqual(
      replicaOverrideRules(moves),
    );
    expect(replicaOverrideRules(moves)[1]).toEqual({
      targetCluster: { clusterNames: ['us'] },
      overriders: {
        plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 3 }],
      },
    });
  });

  it('keeps the rules of other clusters and replaces those of moved ones', () => {
    const other = {
      targetCluster: { clusterNames: ['ap'] },
      overriders: { plaintext: [] },
    };
    const stale = { targetCluster: { clusterNames: ['eu'] }, overriders: {} };
    const policy = { spec: { overrideRules: [other, stale, 'junk'] } };
    expect(mergeReplicaOverrideRules(policy, moves)).toEqual([
      other,
      'junk',
      ...replicaOverrideRules(moves),
    ]);
  });
});
