import fc from 'fast-check';
import {
  parseQuantity,
  QUANTITY_FORMAT_ERROR,
  quantityMilliValue,
  quantityToScaledInteger,
  quantityValue,
  subtractQuantities,
} from './quantity';

describe('parseQuantity', () => {
  it.each([
    ['0', 0n],
    ['1', 1_000_000_000n],
    ['500m', 500_000_000n],
    ['1.5', 1_500_000_000n],
    ['.5', 500_000_000n],
    ['2.', 2_000_000_000n],
    ['1k', 1_000_000_000_000n],
    ['1M', 10n ** 15n],
    ['1G', 10n ** 18n],
    ['1T', 10n ** 21n],
    ['1P', 10n ** 24n],
    ['1E', 10n ** 27n],
    ['1Ki', 1024n * 10n ** 9n],
    ['1Mi', 1048576n * 10n ** 9n],
    ['8Gi', 8n * 1073741824n * 10n ** 9n],
    ['1Ti', 1099511627776n * 10n ** 9n],
    ['1.5Gi', 1610612736n * 10n ** 9n],
    ['1e3', 1000n * 10n ** 9n],
    ['1E3', 1000n * 10n ** 9n],
    ['12e-3', 12_000_000n],
    ['100u', 100_000n],
    ['5n', 5n],
    ['+3', 3_000_000_000n],
    ['-2', -2_000_000_000n],
    [' 4 ', 4_000_000_000n],
  ])('parses %s exactly', (text, nanos) => {
    expect(parseQuantity(text).nanos).toBe(nanos);
  });

  it('rounds magnitudes below one nano up, like Kubernetes', () => {
    expect(parseQuantity('0.1n').nanos).toBe(1n);
    expect(parseQuantity('1.0000000001').nanos).toBe(1_000_000_001n);
  });

  it.each(['', 'abc', '1.2.3', '1e', '5Mb', '1ki', 'm', '--1', '1 Gi'])(
    'rejects %p with the apimachinery message',
    text => {
      expect(() => parseQuantity(text)).toThrow(QUANTITY_FORMAT_ERROR);
    },
  );

  it('accepts numbers', () => {
    expect(parseQuantity(3).nanos).toBe(3_000_000_000n);
  });
});

describe('Value() and MilliValue()', () => {
  it('round up to whole and milli units', () => {
    expect(quantityValue(parseQuantity('500m'))).toBe(1);
    expect(quantityValue(parseQuantity('1001m'))).toBe(2);
    expect(quantityValue(parseQuantity('-1500m'))).toBe(-1);
    expect(quantityMilliValue(parseQuantity('0.0001'))).toBe(1);
    expect(quantityMilliValue(parseQuantity('2'))).toBe(2000);
    expect(quantityValue(parseQuantity('1Gi'))).toBe(1073741824);
  });

  it('subtracts exactly', () => {
    const free = subtractQuantities(parseQuantity('4'), parseQuantity('1500m'));
    expect(quantityMilliValue(free)).toBe(2500);
  });
});

describe('quantityToScaledInteger (fast path)', () => {
  it('gives exact integers in units or milli-units', () => {
    expect(quantityToScaledInteger('16', 0)).toBe(16);
    expect(quantityToScaledInteger('16', 3)).toBe(16000);
    expect(quantityToScaledInteger('500m', 3)).toBe(500);
    expect(quantityToScaledInteger('1.5', 3)).toBe(1500);
    expect(quantityToScaledInteger('64Gi', 0)).toBe(68719476736);
    expect(quantityToScaledInteger('2k', 0)).toBe(2000);
    expect(quantityToScaledInteger('-3', 0)).toBe(-3);
  });

  it('declines (NaN) what it cannot represent exactly', () => {
    expect(quantityToScaledInteger('500m', 0)).toBeNaN();
    expect(quantityToScaledInteger('1e3', 0)).toBeNaN();
    expect(quantityToScaledInteger('1Ei', 0)).toBeNaN();
    expect(quantityToScaledInteger('99999999999P', 0)).toBeNaN();
    expect(quantityToScaledInteger('bogus', 0)).toBeNaN();
    expect(quantityToScaledInteger('', 0)).toBeNaN();
  });

  it('agrees with the exact parser whenever it answers', () => {
    const suffixes = ['', 'm', 'k', 'M', 'G', 'Ki', 'Mi', 'Gi', 'Ti', 'u', 'n'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...suffixes),
        fc.constantFrom(0, 3),
        (digits, decimals, suffix, scale) => {
          const text =
            decimals === 0
              ? `${digits}${suffix}`
              : `${Math.floor(digits / 10 ** decimals)}.${String(
                  digits % 10 ** decimals,
                ).padStart(decimals, '0')}${suffix}`;
          const fast = quantityToScaledInteger(text, scale);
          if (Number.isNaN(fast)) return;
          const nanos = parseQuantity(text).nanos;
          expect(BigInt(fast) * 10n ** BigInt(9 - scale)).toBe(nanos);
        },
      ),
      { numRuns: 500 },
    );
  });
});
