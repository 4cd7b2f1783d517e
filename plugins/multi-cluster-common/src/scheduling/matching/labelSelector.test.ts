import {
  compileLabelSelector,
  compileRequirements,
  requirementError,
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
