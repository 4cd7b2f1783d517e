import { matchesLabelSelector } from './labelSelector';

describe('matchesLabelSelector', () => {
  const labels = { environment: 'prod', tier: 'web' };

  it('matches labels and expressions like Kubernetes', () => {
    expect(matchesLabelSelector(labels, undefined)).toBe(true);
    expect(matchesLabelSelector(labels, {})).toBe(true);
    expect(
      matchesLabelSelector(labels, { matchLabels: { environment: 'prod' } }),
    ).toBe(true);
    expect(
      matchesLabelSelector(labels, {
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['web', 'api'] },
          { key: 'gpu', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe(true);
    expect(
      matchesLabelSelector(labels, {
        matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['web'] }],
      }),
    ).toBe(false);
  });

  it('never takes what every object inherits for a label', () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const matchLabels = JSON.parse(`{"${key}": "x"}`);
      expect(matchesLabelSelector(labels, { matchLabels })).toBe(false);
      expect(
        matchesLabelSelector(labels, {
          matchExpressions: [{ key, operator: 'Exists' }],
        }),
      ).toBe(false);
    }
  });

  it('matches such a key when the cluster has it as its own label', () => {
    const own = JSON.parse('{"constructor": "x", "__proto__": "y"}');
    expect(
      matchesLabelSelector(own, {
        matchLabels: JSON.parse('{"constructor": "x", "__proto__": "y"}'),
      }),
    ).toBe(true);
  });
});
