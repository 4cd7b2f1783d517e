import {
  allFilterFailures,
  compileReachability,
  firstFilterFailure,
  fitErrorMessage,
} from './index';
import { filterContext } from './__testUtils__/testContext';

describe('filter chain', () => {
  const cluster = {
    name: 'x',
    taints: [{ key: 'k', effect: 'NoSchedule' as const }],
  };
  const context = filterContext({
    affinity: () => false,
    requiresRegion: true,
  });

  it('reports the first failing plugin', () => {
    expect(firstFilterFailure(cluster, context)?.plugin).toBe(
      'TaintToleration',
    );
    expect(
      firstFilterFailure({ name: 'ok', region: 'eu' }, filterContext()),
    ).toBeUndefined();
  });

  it('collects every failure for explanations', () => {
    expect(
      allFilterFailures(cluster, context).map(failure => failure.plugin),
    ).toEqual(['TaintToleration', 'ClusterAffinity', 'SpreadConstraint']);
  });

  it("runs Flotilla's reachability filter after Karmada's filters", () => {
    const constrained = filterContext({
      ...context,
      reachability: compileReachability({
        dependencies: [
          { ref: 'component:default/db', clusters: [{ name: 'db-1' }] },
        ],
      }),
    });
    expect(firstFilterFailure(cluster, constrained)?.plugin).toBe(
      'TaintToleration',
    );
    expect(
      allFilterFailures(cluster, constrained).map(failure => failure.plugin),
    ).toEqual([
      'TaintToleration',
      'ClusterAffinity',
      'SpreadConstraint',
      'ClusterSetReachability',
    ]);
    expect(
      firstFilterFailure(
        { name: 'ok', region: 'eu' },
        filterContext({ reachability: constrained.reachability }),
      )?.plugin,
    ).toBe('ClusterSetReachability');
  });
});

describe('fitErrorMessage', () => {
  it("formats a sorted histogram like Karmada's FitError", () => {
    expect(
      fitErrorMessage(5, [
        'cluster(s) had untolerated taint {b:NoSchedule}',
        'cluster(s) did not match the placement cluster affinity constraint',
        'cluster(s) had untolerated taint {b:NoSchedule}',
        'cluster(s) is in the process of eviction',
      ]),
    ).toBe(
      '0/5 clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint, 1 cluster(s) is in the process of eviction, 2 cluster(s) had untolerated taint {b:NoSchedule}.',
    );
  });

  it('says "no cluster exists" for an empty fleet', () => {
    expect(fitErrorMessage(0, [])).toBe(
      '0/0 clusters are available: no cluster exists.',
    );
  });
});
