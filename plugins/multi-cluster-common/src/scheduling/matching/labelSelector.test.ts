import {
  compileLabelSelector,
  compileRequirements,
  requirementError,
  matchesLabelSelector,
} from './labelSelector';

describe('compileLabelSelector', () => {
  const labels = { env: 'prod', tier: 'gold', team: 'core' };

  it('matches everything with an empty selector', () => {
    expect(compileLabelSelector({})(undefined)).toBe(true);
    expect(
      compileLabelSelector({ matchLabels: {}, matchExpressions: [] })(labels),
    ).toBe(true);
  });

  it('ANDs matchLabels and matchExpressions', () => {
    const selector = compileLabelSelector({
      matchLabels: { env: 'prod' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['gold', 'silver'] },
      ],
    });
    expect(selector(labels)).toBe(true);
    expect(selector({ ...labels, tier: 'bronze' })).toBe(false);
    expect(selector({ tier: 'gold' })).toBe(false);
  });

  it('implements In, NotIn, Exists and DoesNotExist like Kubernetes', () => {
    const match = (operator: string, values?: string[]) =>
      compileLabelSelector({
        matchExpressions: [{ key: 'env', operator, values }],
      });
    expect(match('In', ['prod'])(labels)).toBe(true);
    expect(match('In', ['dev'])(labels)).toBe(false);
    expect(match('NotIn', ['dev'])(labels)).toBe(true);
    expect(match('NotIn', ['prod'])(labels)).toBe(false);
    expect(match('NotIn', ['prod'])({})).toBe(true); // absent key satisfies NotIn
    expect(match('Exists')(labels)).toBe(true);
    expect(match('Exists')({})).toBe(false);
    expect(match('DoesNotExist')(labels)).toBe(false);
    expect(match('DoesNotExist')(undefined)).toBe(true);
  });

  it('treats an invalid selector as matching nothing', () => {
    const invalid = [
      { matchExpressions: [{ key: 'env', operator: 'In', values: [] }] },
      { matchExpressions: [{ key: 'env', operator: 'Exists', values: ['x'] }] },
      { matchExpressions: [{ key: 'env', operator: 'Gt', values: ['1'] }] },
      { matchExpressions: [{ key: 'bad key', operator: 'Exists' }] },
      { matchLabels: { env: 'not a valid value' } },
    ];
    for (const selector of invalid) {
      expect(compileLabelSelector(selector)(labels)).toBe(false);
      expect(compileLabelSelector(selector)({})).toBe(false);
    }
  });
});

describe('compileRequirements (node-selector operators)', () => {
  it('compares Gt/Lt as integers and fails on non-integers', () => {
    const greater = compileRequirements([
      { key: 'gen', operator: 'Gt', values: ['3'] },
    ]);
    expect(greater({ gen: '4' })).toBe(true);
    expect(greater({ gen: '3' })).toBe(false);
    expect(greater({ gen: 'x' })).toBe(false);
    expect(greater({})).toBe(false);
    const less = compileRequirements([
      { key: 'gen', operator: 'Lt', values: ['3'] },
    ]);
    expect(less({ gen: '-1' })).toBe(true);
  });

  it('explains invalid requirements', () => {
    expect(requirementError({ key: 'k', operator: 'Gt', values: ['a'] })).toBe(
      'for Gt, Lt operators, the value must be an integer',
    );
    expect(requirementError({ key: 'k', operator: 'In', values: [] })).toBe(
      "for In and NotIn operators, values set can't be empty",
    );
    expect(
      requirementError({ key: 'k', operator: 'Equals', values: ['a', 'b'] }),
    ).toBe('exact-match compatibility requires one single value');
    expect(
      requirementError({ key: 'k', operator: 'In', values: ['ok'] }),
    ).toBeUndefined();
  });
});

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
        matchLabels: JSON.parse('{"constructor": "x"}'),
      }),
    ).toBe(true);
    expect(
      matchesLabelSelector(own, {
        matchExpressions: [{ key: 'constructor', operator: 'Exists' }],
      }),
    ).toBe(true);
    // `__proto__` is no valid label key: Kubernetes refuses the selector.
    expect(
      matchesLabelSelector(own, {
        matchLabels: JSON.parse('{"__proto__": "y"}'),
      }),
    ).toBe(false);
  });
});
