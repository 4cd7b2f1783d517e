import { PlacementError } from '../errors';
import type { ReachabilityRequirement } from '../types';
import {
  clusterSetReachabilityFilter,
  compileReachability,
  reachabilityProblem,
  sharesClusterSet,
  validateReachability,
} from './clusterSetReachability';
import { filterContext } from './__testUtils__/testContext';

const paymentsDb = {
  ref: 'component:default/payments-db',
  clusters: [
    { name: 'eu-1', clusterSets: ['mesh-eu'] },
    { name: 'eu-2', clusterSets: ['mesh-eu', 'mcs-global'] },
  ],
};
const ledger = {
  ref: 'component:default/ledger',
  clusters: [{ name: 'us-1', clusterSets: ['mesh-us'] }],
};

function contextFor(requirement: ReachabilityRequirement) {
  return filterContext({ reachability: compileReachability(requirement) });
}

describe('sharesClusterSet', () => {
  it('is true only for a common set', () => {
    expect(sharesClusterSet(['a', 'b'], ['c', 'b'])).toBe(true);
    expect(sharesClusterSet(['a'], ['b'])).toBe(false);
  });

  it('treats a cluster in no set as sharing none', () => {
    expect(sharesClusterSet(undefined, ['a'])).toBe(false);
    expect(sharesClusterSet(['a'], [])).toBe(false);
    expect(sharesClusterSet(undefined, undefined)).toBe(false);
  });
});

describe('clusterSetReachabilityFilter', () => {
  it('passes everything without a requirement', () => {
    expect(
      clusterSetReachabilityFilter({ name: 'x' }, filterContext()),
    ).toBeUndefined();
  });

  it('passes a cluster sharing a set with one of the dependency clusters', () => {
    const context = contextFor({ dependencies: [paymentsDb] });
    expect(
      clusterSetReachabilityFilter(
        { name: 'eu-3', clusterSets: ['mcs-global'] },
        context,
      ),
    ).toBeUndefined();
  });

  it('passes a cluster the dependency itself runs on, even in no set', () => {
    const context = contextFor({
      dependencies: [
        { ref: 'component:default/cache', clusters: [{ name: 'a' }] },
      ],
    });
    expect(
      clusterSetReachabilityFilter({ name: 'a' }, context),
    ).toBeUndefined();
    expect(clusterSetReachabilityFilter({ name: 'b' }, context)?.plugin).toBe(
      'ClusterSetReachability',
    );
  });

  it('rejects a cluster outside every set of a dependency and names it', () => {
    const context = contextFor({ dependencies: [paymentsDb] });
    expect(
      clusterSetReachabilityFilter(
        { name: 'ap-1', clusterSets: ['mesh-ap'] },
        context,
      ),
    ).toEqual({
      plugin: 'ClusterSetReachability',
      karmadaReason: "cluster(s) cannot reach the workload's dependencies",
      explanation:
        'shares no cluster set with component:default/payments-db (runs on eu-1, eu-2)',
    });
  });

  it('names at most three dependencies and three of their clusters (in name order), however many a requirement has', () => {
    const dependencies = Array.from({ length: 200 }, (_, d) => ({
      ref: `component:default/dependency-${d}`,
      clusters: Array.from({ length: 100 }, (__, c) => ({
        name: `cluster-${d}-${c}`,
      })),
    }));
    const explanation = clusterSetReachabilityFilter(
      { name: 'lonely' },
      contextFor({ dependencies }),
    )?.explanation;
    expect(explanation).toBe(
      'shares no cluster set with component:default/dependency-0 (runs on cluster-0-0, cluster-0-1, cluster-0-10, and 97 more); ' +
        'shares no cluster set with component:default/dependency-1 (runs on cluster-1-0, cluster-1-1, cluster-1-10, and 97 more); ' +
        'shares no cluster set with component:default/dependency-2 (runs on cluster-2-0, cluster-2-1, cluster-2-10, and 97 more); ' +
        'and 197 more',
    );
  });

  it('requires every dependency and names each one it misses', () => {
    const context = contextFor({ dependencies: [paymentsDb, ledger] });
    expect(
      clusterSetReachabilityFilter(
        { name: 'eu-3', clusterSets: ['mesh-eu'] },
        context,
      )?.explanation,
    ).toBe(
      'shares no cluster set with component:default/ledger (runs on us-1)',
    );
    expect(
      clusterSetReachabilityFilter({ name: 'lonely' }, context)?.explanation,
    ).toBe(
      'shares no cluster set with component:default/payments-db (runs on eu-1, eu-2); ' +
        'shares no cluster set with component:default/ledger (runs on us-1)',
    );
    expect(
      clusterSetReachabilityFilter(
        { name: 'bridge', clusterSets: ['mesh-us', 'mesh-eu'] },
        context,
      ),
    ).toBeUndefined();
  });

  it('lets a dependency that runs nowhere constrain nothing', () => {
    expect(
      compileReachability({
        dependencies: [{ ref: 'component:default/new', clusters: [] }],
      }),
    ).toBeUndefined();
    expect(compileReachability({ dependencies: [] })).toBeUndefined();
    const context = contextFor({
      dependencies: [{ ref: 'component:default/new', clusters: [] }, ledger],
    });
    expect(context.reachability?.dependencies.map(d => d.ref)).toEqual([
      'component:default/ledger',
    ]);
  });
});

describe('validateReachability', () => {
  /** The InvalidRequest message for a requirement (fails the test if it passes). */
  const problemWith = (requirement: unknown): string => {
    try {
      validateReachability(requirement);
    } catch (error) {
      if (error instanceof PlacementError && error.code === 'InvalidRequest') {
        return error.message;
      }
      throw error;
    }
    throw new Error('expected the requirement to be rejected');
  };

  it('names the first malformed field', () => {
    expect(problemWith({ dependencies: [{ clusters: [] }] })).toBe(
      'reachability.dependencies.0.ref: dependency ref is required',
    );
    expect(problemWith({ dependencies: [{ ref: '  ', clusters: [] }] })).toBe(
      'reachability.dependencies.0.ref: dependency ref must not be empty',
    );
    expect(
      problemWith({ dependencies: [{ ref: 'component:default/a' }] }),
    ).toBe(
      'reachability.dependencies.0.clusters: clusters is required (use [] when none)',
    );
    expect(
      problemWith({
        dependencies: [
          { ref: 'component:default/a', clusters: [{ clusterSets: ['x'] }] },
        ],
      }),
    ).toBe(
      'reachability.dependencies.0.clusters.0.name: cluster name is required',
    );
    expect(
      problemWith({
        dependencies: [
          {
            ref: 'component:default/a',
            clusters: [{ name: 'a', clusterSets: 'mesh' }],
          },
        ],
      }),
    ).toBe(
      'reachability.dependencies.0.clusters.0.clusterSets: clusterSets must be a list of cluster set names',
    );
    expect(problemWith({})).toBe(
      'reachability.dependencies: dependencies is required',
    );
    expect(problemWith('eu')).toBe(
      'reachability: reachability must be an object',
    );
  });

  it("checks the candidates' cluster sets only when something constrains", () => {
    const bad = [{ name: 'a', clusterSets: 'mesh' as unknown as string[] }];
    expect(() => validateReachability({ dependencies: [] }, bad)).not.toThrow();
    expect(() => validateReachability({ dependencies: [ledger] }, bad)).toThrow(
      'cluster "a" clusterSets: clusterSets must be a list of cluster set names',
    );
    expect(() =>
      validateReachability({ dependencies: [ledger] }, [
        { name: 'b', clusterSets: ['mesh-us', ' '] },
      ]),
    ).toThrow(
      'cluster "b" clusterSets.1: cluster set name must be a non-empty string',
    );
  });
});

describe('reachabilityProblem', () => {
  it('explains a cluster outside the sets and passes one inside', () => {
    const requirement = { dependencies: [paymentsDb] };
    expect(
      reachabilityProblem(
        { name: 'us-1', clusterSets: ['mesh-us'] },
        requirement,
      ),
    ).toBe(
      'shares no cluster set with component:default/payments-db (runs on eu-1, eu-2)',
    );
    expect(
      reachabilityProblem(
        { name: 'eu-3', clusterSets: ['mesh-eu'] },
        requirement,
      ),
    ).toBeUndefined();
    expect(reachabilityProblem({ name: 'us-1' }, undefined)).toBeUndefined();
  });

  it('rejects a malformed requirement', () => {
    expect(() =>
      reachabilityProblem({ name: 'a' }, {
        dependencies: [{ clusters: [] }],
      } as unknown as ReachabilityRequirement),
    ).toThrow('reachability.dependencies.0.ref: dependency ref is required');
  });
});
