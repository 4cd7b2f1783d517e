import fc from 'fast-check';
import { parseQuantity } from '../scheduling/quantity';
import { addResourceLists, formatNanos, ResourceTotal } from './resources';

describe('addResourceLists', () => {
  it('adds exactly across suffixes and keeps binary memory binary', () => {
    expect(
      addResourceLists(
        { cpu: '500m', memory: '64Gi', pods: '110' },
        { cpu: '1.5', memory: '64Gi', 'nvidia.com/gpu': '8' },
        undefined,
      ),
    ).toEqual({
      cpu: '2',
      memory: '128Gi',
      'nvidia.com/gpu': '8',
      pods: '110',
    });
  });

  it('writes totals that do not divide evenly in the finest exact unit', () => {
    expect(addResourceLists({ cpu: '250m' }, { cpu: '1' })).toEqual({
      cpu: '1250m',
    });
    expect(addResourceLists({ memory: '1Gi' }, { memory: '1' })).toEqual({
      memory: '1073741825',
    });
    expect(addResourceLists({ memory: '1G' }, { memory: '1G' })).toEqual({
      memory: '2000000000',
    });
  });

  it('throws naming the bad entry', () => {
    expect(() => addResourceLists({ cpu: '1' }, { cpu: 'lots' })).toThrow(
      'resource list 2: cpu="lots" is not a quantity',
    );
  });

  it('is exact for any sum (parsing the total gives the sum of the parts)', () => {
    const quantity = fc
      .tuple(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('', 'm', 'k', 'Ki', 'Mi', 'Gi', 'M', 'G'),
      )
      .map(([value, suffix]) => `${value}${suffix}`);
    fc.assert(
      fc.property(fc.array(quantity, { maxLength: 8 }), texts => {
        const total = addResourceLists(
          ...texts.map(text => ({ memory: text })),
        );
        const expected = texts.reduce(
          (sum, text) => sum + parseQuantity(text).nanos,
          0n,
        );
        expect(parseQuantity(total.memory ?? '0').nanos).toBe(expected);
      }),
    );
  });
});

describe('ResourceTotal', () => {
  it('leaves invalid quantities out and explains them', () => {
    const total = new ResourceTotal()
      .add({ cpu: '4', memory: '8Gi' }, 'cluster eu-1')
      .add({ cpu: 'four' }, 'virtual node liqo-eu-2');
    expect(total.toResourceList()).toEqual({ cpu: '4', memory: '8Gi' });
    expect(total.errors).toEqual([
      expect.stringContaining('virtual node liqo-eu-2: cpu="four"'),
    ]);
  });
});

describe('formatNanos', () => {
  it.each([
    [0n, false, '0'],
    [0n, true, '0'],
    [3_000_000_000n, false, '3'],
    [1_500_000n, false, '1500u'],
    [7n, false, '7n'],
    [-2_000_000_000n, false, '-2'],
    [(1n << 20n) * 1_000_000_000n, true, '1Mi'],
  ])('formats %s (binary %s) as %s', (nanos, binary, text) => {
    expect(formatNanos(nanos, binary)).toBe(text);
  });
});
