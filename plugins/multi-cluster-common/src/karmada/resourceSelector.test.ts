/**
 * Cases from Karmada v1.18.2 `pkg/util/selector_test.go`
 * (`TestResourceMatches`, `TestResourceSelectorPriority`,
 * `TestResourceMatchSelectorsPriority`): the expected priorities are
 * upstream's.
 */
import {
  ImplicitPriority,
  resourceMatchSelectorsPriority,
  resourceSelectorPriority,
} from './resourceSelector';

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'test', namespace: 'default', labels: { foo: 'bar' } },
};

describe('resourceSelectorPriority (pkg/util/selector.go)', () => {
  it('ranks a name over labels over the whole kind (TestResourceMatches)', () => {
    const base = { apiVersion: 'v1', kind: 'Pod' };
    expect(resourceSelectorPriority(pod, { ...base, name: 'unmatched' })).toBe(
      ImplicitPriority.MisMatch,
    );
    expect(resourceSelectorPriority(pod, base)).toBe(ImplicitPriority.MatchAll);
    expect(
      resourceSelectorPriority(pod, {
        ...base,
        labelSelector: { matchLabels: { foo: 'bar' } },
      }),
    ).toBe(ImplicitPriority.MatchLabelSelector);
    expect(resourceSelectorPriority(pod, { ...base, name: 'test' })).toBe(
      ImplicitPriority.MatchName,
    );
  });

  it('matches the name only when a name and a label selector are given', () => {
    expect(
      resourceSelectorPriority(pod, {
        apiVersion: 'v1',
        kind: 'Pod',
        name: 'test',
        labelSelector: { matchLabels: { foo: 'other' } },
      }),
    ).toBe(ImplicitPriority.MatchName);
  });

  it('refuses another apiVersion, kind or namespace', () => {
    const selector = { apiVersion: 'v1', kind: 'Pod', name: 'test' };
    expect(
      resourceSelectorPriority(pod, { ...selector, apiVersion: 'apps/v1' }),
    ).toBe(ImplicitPriority.MisMatch);
    expect(
      resourceSelectorPriority(pod, { ...selector, kind: 'Deployment' }),
    ).toBe(ImplicitPriority.MisMatch);
    expect(
      resourceSelectorPriority(pod, { ...selector, namespace: 'other' }),
    ).toBe(ImplicitPriority.MisMatch);
  });

  it('selects nothing without apiVersion or kind (both required by the CRD)', () => {
    expect(resourceSelectorPriority(pod, { kind: 'Pod', name: 'test' })).toBe(
      ImplicitPriority.MisMatch,
    );
    expect(
      resourceSelectorPriority({ metadata: pod.metadata }, { name: 'test' }),
    ).toBe(ImplicitPriority.MisMatch);
  });

  it('matches nothing with an invalid label selector (LabelSelectorAsSelector fails)', () => {
    expect(
      resourceSelectorPriority(pod, {
        apiVersion: 'v1',
        kind: 'Pod',
        labelSelector: {
          matchExpressions: [{ key: 'foo', operator: 'In', values: [] }],
        },
      }),
    ).toBe(ImplicitPriority.MisMatch);
  });

  it('takes the best of several selectors (TestResourceMatchSelectorsPriority)', () => {
    expect(
      resourceMatchSelectorsPriority(pod, [
        { apiVersion: 'v1', kind: 'Pod' },
        { apiVersion: 'v1', kind: 'Pod', name: 'test' },
      ]),
    ).toBe(ImplicitPriority.MatchName);
    expect(resourceMatchSelectorsPriority(pod, [])).toBe(
      ImplicitPriority.MisMatch,
    );
  });
});
