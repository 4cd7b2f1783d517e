import {
  findUntoleratedTaint,
  formatTaint,
  toleratesTaint,
} from './tolerations';

describe('toleratesTaint', () => {
  const taint = {
    key: 'dedicated',
    value: 'gpu',
    effect: 'NoSchedule' as const,
  };

  it('follows Kubernetes matching rules', () => {
    expect(
      toleratesTaint(
        {
          key: 'dedicated',
          operator: 'Equal',
          value: 'gpu',
          effect: 'NoSchedule',
        },
        taint,
      ),
    ).toBe(true);
    expect(toleratesTaint({ key: 'dedicated', value: 'gpu' }, taint)).toBe(
      true,
    ); // empty operator = Equal, empty effect = all
    expect(
      toleratesTaint(
        { key: 'dedicated', operator: 'Equal', value: 'cpu' },
        taint,
      ),
    ).toBe(false);
    expect(
      toleratesTaint({ key: 'dedicated', operator: 'Exists' }, taint),
    ).toBe(true);
    expect(toleratesTaint({ operator: 'Exists' }, taint)).toBe(true); // empty key + Exists tolerates all
    expect(
      toleratesTaint(
        { key: 'dedicated', operator: 'Exists', effect: 'NoExecute' },
        taint,
      ),
    ).toBe(false);
    expect(toleratesTaint({ key: 'other', operator: 'Exists' }, taint)).toBe(
      false,
    );
    expect(
      toleratesTaint(
        { key: 'dedicated', operator: 'Lt' as 'Exists', value: '1' },
        taint,
      ),
    ).toBe(false);
  });

  it('compares missing values as empty strings', () => {
    expect(
      toleratesTaint(
        { key: 'k', operator: 'Equal' },
        { key: 'k', effect: 'NoSchedule' },
      ),
    ).toBe(true);
  });
});

describe('findUntoleratedTaint', () => {
  it('returns the first untolerated NoSchedule/NoExecute taint and ignores PreferNoSchedule', () => {
    const taints = [
      { key: 'soft', effect: 'PreferNoSchedule' as const },
      { key: 'tolerated', effect: 'NoExecute' as const },
      { key: 'blocking', value: 'yes', effect: 'NoSchedule' as const },
    ];
    expect(
      findUntoleratedTaint(taints, [{ key: 'tolerated', operator: 'Exists' }]),
    ).toBe(taints[2]);
    expect(
      findUntoleratedTaint(taints, [{ operator: 'Exists' }]),
    ).toBeUndefined();
    expect(findUntoleratedTaint(undefined, [])).toBeUndefined();
  });
});

describe('formatTaint', () => {
  it('renders key=value:Effect or key:Effect', () => {
    expect(formatTaint({ key: 'k', value: 'v', effect: 'NoSchedule' })).toBe(
      'k=v:NoSchedule',
    );
    expect(
      formatTaint({
        key: 'node.kubernetes.io/unreachable',
        effect: 'NoExecute',
      }),
    ).toBe('node.kubernetes.io/unreachable:NoExecute');
  });
});
