/**
 * The order of Karmada v1.18.2 `pkg/util/overridemanager/overridemanager.go`
 * (`getOverridersFromOverridePolicies`, `ApplyOverridePolicies`); the first
 * case is upstream's `TestGetMatchingOverridePolicies` "OverrideRules test
 * 1" in `overridemanager_test.go`.
 */
import {
  orderOverridePolicies,
  overridePoliciesInApplyOrder,
} from './overrideOrder';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'test', namespace: 'default', labels: { app: 'test' } },
};
const byName = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'test' };
const byLabel = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  labelSelector: { matchLabels: { app: 'test' } },
};
const allOfKind = { apiVersion: 'apps/v1', kind: 'Deployment' };

interface TestPolicy {
  metadata: { name: string; namespace?: string };
  spec: { resourceSelectors?: (typeof byName)[] };
}
const op = (
  name: string,
  selectors: object[],
  namespace?: string,
): TestPolicy => ({
  metadata: { name, namespace: namespace ?? 'default' },
  spec: { resourceSelectors: selectors as (typeof byName)[] },
});
const names = (policies: { metadata: { name: string } }[]) =>
  policies.map(p => p.metadata.name);

describe('orderOverridePolicies (overridemanager.go)', () => {
  it('applies a policy without selectors before one that names the template (OverrideRules test 1)', () => {
    expect(
      names(
        orderOverridePolicies(deployment, [
          op('overridePolicy1', [byName]),
          op('overridePolicy2', []),
        ]),
      ),
    ).toEqual(['overridePolicy2', 'overridePolicy1']);
  });

  it('orders all-of-kind, then label selectors, then names; ties by name in byte order', () => {
    expect(
      names(
        orderOverridePolicies(deployment, [
          op('search-api-active-passive', [byName]),
          op('flotilla-failover-search-api', [byName]),
          op('a-labels', [byLabel]),
          op('z-kind', [allOfKind]),
          op('unrelated', [{ ...byName, name: 'other' }]),
        ]),
      ),
    ).toEqual([
      'z-kind',
      'a-labels',
      'flotilla-failover-search-api',
      'search-api-active-passive',
    ]);
  });

  it('applies ClusterOverridePolicies before the OverridePolicies of the template namespace', () => {
    expect(
      names(
        overridePoliciesInApplyOrder(deployment, {
          clusterOverridePolicies: [
            { ...op('z-cluster', [byName]), metadata: { name: 'z-cluster' } },
          ],
          overridePolicies: [
            op('a-namespaced', [allOfKind]),
            op('elsewhere', [allOfKind], 'other'),
          ],
        }),
      ),
    ).toEqual(['z-cluster', 'a-namespaced']);
  });

  it('applies only ClusterOverridePolicies to a cluster-scoped template', () => {
    const namespace = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'shop' },
    };
    expect(
      names(
        overridePoliciesInApplyOrder(namespace, {
          clusterOverridePolicies: [
            { metadata: { name: 'all' }, spec: {} } as TestPolicy,
          ],
          overridePolicies: [op('a', [])],
        }),
      ),
    ).toEqual(['all']);
  });
});
