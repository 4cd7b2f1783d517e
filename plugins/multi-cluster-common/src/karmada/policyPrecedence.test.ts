/**
 * Cases from Karmada v1.18.2 `pkg/detector/compare_test.go`
 * (`Test_GetHigherPriorityPropagationPolicy`,
 * `Test_getHighestPriorityPropagationPolicies`): the expected winners are
 * upstream's.
 */
import { highestPriorityPolicy } from './policyPrecedence';

const nginx = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'nginx', namespace: 'test', labels: { app: 'nginx' } },
};
const byName = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  name: 'nginx',
  namespace: 'test',
};
const byLabel = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  namespace: 'test',
  labelSelector: { matchLabels: { app: 'nginx' } },
};
const all = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'test' };

function pp(name: string, selector: object, priority?: number) {
  return {
    metadata: { name, namespace: 'test' },
    spec: { resourceSelectors: [selector as typeof byName], priority },
  };
}

describe('highestPriorityPolicy (pkg/detector/compare.go)', () => {
  it('breaks ties by the smaller name in byte order (Test_GetHigherPriorityPropagationPolicy)', () => {
    const pick = (a: string, b: string) =>
      highestPriorityPolicy([pp(a, byName), pp(b, byName)], nginx)?.metadata
        .name;
    expect(pick('A', 'B')).toBe('A');
    expect(pick('abc', 'ab')).toBe('ab');
    expect(pick('ab', '')).toBe('');
    // Byte order, not a locale's: '-' (0x2d) sorts before '1' (0x31).
    expect(pick('b1', 'b-1')).toBe('b-1');
    expect(pick('a', 'B')).toBe('B');
  });

  it('returns nothing when no policy selects the template', () => {
    expect(
      highestPriorityPolicy(
        [pp('match-with-name', { ...byName, name: 'other' })],
        nginx,
      ),
    ).toBeUndefined();
    expect(highestPriorityPolicy([], nginx)).toBeUndefined();
  });

  it('prefers the more specific selector at equal explicit priority', () => {
    const winner = highestPriorityPolicy(
      [
        pp('match-all', all),
        pp('match-with-label', byLabel),
        pp('match-with-name', byName),
      ],
      nginx,
    );
    expect(winner?.metadata.name).toBe('match-with-name');
  });

  it('prefers the higher explicit priority over a more specific selector', () => {
    expect(
      highestPriorityPolicy([pp('a-pp', byName), pp('b-pp', byName, 1)], nginx)
        ?.metadata.name,
    ).toBe('b-pp');
    expect(
      highestPriorityPolicy(
        [pp('a-pp', byName, 1), pp('b-pp', byLabel, 2)],
        nginx,
      )?.metadata.name,
    ).toBe('b-pp');
  });

  it('ignores policies being deleted (LookForMatchedPolicy, detector.go)', () => {
    const deleting = {
      ...pp('a-pp', byName, 5),
      metadata: {
        name: 'a-pp',
        namespace: 'test',
        deletionTimestamp: '2026-01-01T00:00:00Z',
      },
    };
    expect(
      highestPriorityPolicy([deleting, pp('b-pp', all)], nginx)?.metadata.name,
    ).toBe('b-pp');
  });
});
