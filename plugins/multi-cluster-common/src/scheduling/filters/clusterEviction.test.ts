import { clusterEvictionFilter } from './clusterEviction';
import { filterContext } from './__testUtils__/testContext';

describe('clusterEvictionFilter', () => {
  it('rejects clusters with a graceful eviction task', () => {
    const context = filterContext({ evictingClusters: new Set(['a']) });
    expect(clusterEvictionFilter({ name: 'a' }, context)?.karmadaReason).toBe(
      'cluster(s) is in the process of eviction',
    );
    expect(clusterEvictionFilter({ name: 'b' }, context)).toBeUndefined();
  });
});
