import { clusterAffinityFilter } from './clusterAffinity';
import { filterContext } from './__testUtils__/testContext';

describe('clusterAffinityFilter', () => {
  it('passes everything without an affinity', () => {
    expect(
      clusterAffinityFilter({ name: 'a' }, filterContext()),
    ).toBeUndefined();
  });

  it("rejects non-matching clusters with Karmada's reason and the affinity label", () => {
    const context = filterContext({
      affinity: cluster => cluster.name === 'a',
      affinityLabel: 'clusterAffinities term "primary"',
    });
    expect(clusterAffinityFilter({ name: 'a' }, context)).toBeUndefined();
    expect(clusterAffinityFilter({ name: 'b' }, context)).toEqual({
      plugin: 'ClusterAffinity',
      karmadaReason:
        'cluster(s) did not match the placement cluster affinity constraint',
      explanation: 'does not match clusterAffinities term "primary"',
    });
  });
});
