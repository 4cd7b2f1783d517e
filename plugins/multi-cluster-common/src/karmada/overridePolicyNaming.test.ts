/**
 * A name that Karmada's override order (v1.18.2
 * `pkg/util/overridemanager/overridemanager.go`) puts after every rival:
 * checked against `orderOverridePolicies`, which follows that file.
 */
import { orderOverridePolicies } from './overrideOrder';
import { overridePolicyNameSortingLast } from './overridePolicyNaming';

const template = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'search-api', namespace: 'discovery' },
};
const naming = (name: string) => ({
  metadata: { name, namespace: 'discovery' },
  spec: {
    resourceSelectors: [
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'search-api' },
    ],
  },
});

function lastAfter(others: ReturnType<typeof naming>[], preferred?: string[]) {
  const name = overridePolicyNameSortingLast({
    base: 'flotilla-failover-search-api',
    preferred,
    templates: [template],
    others,
  });
  const order = orderOverridePolicies(template, [...others, naming(name)]);
  expect(order[order.length - 1].metadata.name).toBe(name);
  return name;
}

describe('overridePolicyNameSortingLast', () => {
  it('keeps the base name when it already sorts last', () => {
    expect(lastAfter([naming('checkout-active-passive')])).toBe(
      'flotilla-failover-search-api',
    );
  });

  it('prefixes the base when a rival sorts after it', () => {
    expect(lastAfter([naming('search-api-active-passive')])).toBe(
      'z-flotilla-failover-search-api',
    );
    expect(lastAfter([naming('zz'), naming('z-zzz')])).toBe(
      'zz-flotilla-failover-search-api',
    );
  });

  it('keeps an existing name that still sorts last', () => {
    expect(lastAfter([naming('search-api-active-passive')], ['zzz-kept'])).toBe(
      'zzz-kept',
    );
    expect(
      lastAfter(
        [naming('search-api-active-passive')],
        ['flotilla-failover-search-api'],
      ),
    ).toBe('z-flotilla-failover-search-api');
  });

  it('ignores rivals that select by labels or select other templates', () => {
    expect(
      lastAfter([
        {
          metadata: { name: 'zzzz-labels', namespace: 'discovery' },
          spec: {
            resourceSelectors: [
              {
                apiVersion: 'apps/v1',
                kind: 'Deployment',
                labelSelector: { matchLabels: {} },
              } as never,
            ],
          },
        },
        {
          ...naming('zzzz-other'),
          spec: {
            resourceSelectors: [
              { apiVersion: 'apps/v1', kind: 'Deployment', name: 'other' },
            ],
          },
        },
      ]),
    ).toBe('flotilla-failover-search-api');
  });
});
