import fc from 'fast-check';
import {
  compareQuantities,
  formatQuantity,
  isQuantity,
  MAX_DECIMAL_EXPONENT,
  MAX_QUANTITY_LENGTH,
  MAX_QUANTITY_UNITS,
  parseQuantity,
  parseRequestQuantity,
  QUANTITY_FORMAT_ERROR,
  QuantityError,
  quantityMilliValue,
  quantityToScaledInteger,
  quantityValue,
  subtractQuantities,
  tryParseQuantity,
  tryParseQuantityExact,
  tryParseRequestQuantity,
} from './quantity';

const MAX_NANOS = MAX_QUANTITY_UNITS * 1_000_000_000n;

function reasonOf(input: unknown): string | undefined {
  const result = tryParseQuantity(input);
  return result.ok ? undefined : result.error.reason;
}

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
    ['9223372036854775807', MAX_NANOS],
    ['9.223372036854775807E', MAX_NANOS],
  ])('parses %s exactly', (text, nanos) => {
    expect(parseQuantity(text).nanos).toBe(nanos);
  });

  it('rounds magnitudes below one nano away from zero, like Kubernetes', () => {
    expect(parseQuantity('0.1n').nanos).toBe(1n);
    expect(parseQuantity('-0.1n').nanos).toBe(-1n);
    expect(parseQuantity('1.0000000001').nanos).toBe(1_000_000_001n);
    expect(parseQuantity('1e-100').nanos).toBe(1n);
  });

  it('reads numbers as their JavaScript text', () => {
    expect(parseQuantity(3).nanos).toBe(3_000_000_000n);
    expect(parseQuantity(0.5).nanos).toBe(500_000_000n);
    expect(parseQuantity(1e-7).nanos).toBe(100n);
    expect(parseQuantity(-0).nanos).toBe(0n);
  });

  it('throws a QuantityError carrying the reason and, when given, the field', () => {
    let caught: unknown;
    try {
      parseQuantity('abc', 'resourceRequest.cpu');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(QuantityError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({
      name: 'QuantityError',
      reason: 'format',
      field: 'resourceRequest.cpu',
      detail: QUANTITY_FORMAT_ERROR,
      message: `resourceRequest.cpu: ${QUANTITY_FORMAT_ERROR}`,
    });
    expect(() => parseQuantity('abc')).toThrow(
      new QuantityError('format').message,
    );
  });
});

describe('hostile quantities', () => {
  it.each([
    ['1e10000000', 'exponent-out-of-range'],
    ['1e-10000000', 'exponent-out-of-range'],
    ['0e10000000', 'exponent-out-of-range'],
    ['1e999999999', 'exponent-out-of-range'],
    ['1e2147483648', 'exponent-out-of-range'],
    ['1e-9223372036854775808', 'exponent-out-of-range'],
    [`1e${MAX_DECIMAL_EXPONENT + 1}`, 'exponent-out-of-range'],
    [`1e-${MAX_DECIMAL_EXPONENT + 1}`, 'exponent-out-of-range'],
    ['1e99999999999999999999999', 'suffix'],
    ['1e999999999Ki', 'format'],
    ['abc', 'format'],
    ['', 'format'],
    ['NaN', 'format'],
    ['Infinity', 'format'],
    ['-Infinity', 'format'],
    ['0x10', 'format'],
    ['1..5', 'format'],
    ['1,5', 'format'],
    ['١٢', 'format'],
    ['9223372036854775808', 'too-large'],
    ['-9223372036854775808', 'too-large'],
    ['1e19', 'too-large'],
    ['9.3E', 'too-large'],
    [`1e${MAX_DECIMAL_EXPONENT}`, 'too-large'],
    ['1'.repeat(MAX_QUANTITY_LENGTH + 1), 'too-long'],
    ['1'.repeat(1_000_000), 'too-long'],
    [`0.${'0'.repeat(MAX_QUANTITY_LENGTH)}1`, 'too-long'],
  ])('refuses %p (%s)', (input, reason) => {
    expect(reasonOf(input)).toBe(reason);
    expect(() => parseQuantity(input)).toThrow(QuantityError);
  });

  it.each([null, undefined, {}, [], true, NaN, Infinity, -Infinity, 10n])(
    'refuses %p as not a string or finite number',
    input => {
      expect(reasonOf(input)).toBe('type');
    },
  );

  it('refuses numbers whose text is out of range', () => {
    expect(reasonOf(1e21)).toBe('too-large'); // "1e+21"
    expect(reasonOf(Number.MAX_VALUE)).toBe('exponent-out-of-range');
    expect(reasonOf(Number.MIN_VALUE)).toBe('exponent-out-of-range');
  });

  it('accepts the longest allowed text and the extreme exponents', () => {
    expect(isQuantity('0'.repeat(MAX_QUANTITY_LENGTH))).toBe(true);
    expect(
      parseQuantity(`0.${'0'.repeat(MAX_QUANTITY_LENGTH - 3)}1`).nanos,
    ).toBe(1n);
    expect(parseQuantity(`1e-${MAX_DECIMAL_EXPONENT}`).nanos).toBe(1n);
    expect(parseQuantity(`0e${MAX_DECIMAL_EXPONENT}`).nanos).toBe(0n);
  });
});

describe('request quantities', () => {
  it('refuses negative requests and accepts zero and positive ones', () => {
    expect(() => parseRequestQuantity('-1', 'resourceRequest.cpu')).toThrow(
      'resourceRequest.cpu: must be greater than or equal to 0',
    );
    expect(reasonOf('-1')).toBeUndefined(); // a quantity, just not a request
    expect(parseRequestQuantity('0').nanos).toBe(0n);
    expect(parseRequestQuantity('-0').nanos).toBe(0n);
    expect(parseRequestQuantity('250m').nanos).toBe(250_000_000n);
    const tiny = tryParseRequestQuantity('-0.0000000001');
    expect(tiny.ok ? 'accepted' : tiny.error.reason).toBe('negative');
  });

  it('refuses every negative amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_NANOS, max: -1n }), nanos => {
        const result = tryParseRequestQuantity(`${nanos}n`);
        expect(result.ok ? 'accepted' : result.error.reason).toBe('negative');
      }),
    );
  });
});

describe('Value(), MilliValue() and arithmetic', () => {
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

describe('formatQuantity', () => {
  it.each([
    [0n, false, '0'],
    [1_500_000_000n, false, '1500m'],
    [5n, false, '5n'],
    [-2_000_000_000n, false, '-2'],
    [1073741824n * 10n ** 9n, true, '1Gi'],
    [1073741824n * 10n ** 9n, false, '1073741824'],
    [1536n * 10n ** 9n, true, '1536'],
    [2048n * 10n ** 9n, true, '2Ki'],
  ])('writes %p (binary %p) as %p', (nanos, binary, text) => {
    expect(formatQuantity({ nanos }, { binary })).toBe(text);
  });
});

describe('quantity properties', () => {
  const anyNanos = fc.bigInt({ min: -MAX_NANOS, max: MAX_NANOS });

  it('parse(format(q)) is q', () => {
    fc.assert(
      fc.property(anyNanos, fc.boolean(), (nanos, binary) => {
        const text = formatQuantity({ nanos }, { binary });
        expect(text.length).toBeLessThanOrEqual(MAX_QUANTITY_LENGTH);
        expect(parseQuantity(text).nanos).toBe(nanos);
      }),
      { numRuns: 500 },
    );
  });

  /** Spellings of an exact nano amount in the notations Kubernetes accepts. */
  function spell(nanos: bigint, notation: number): string {
    const sign = nanos < 0n ? '-' : '';
    const magnitude = nanos < 0n ? -nanos : nanos;
    const units = magnitude / 1_000_000_000n;
    const fraction = (magnitude % 1_000_000_000n).toString().padStart(9, '0');
    switch (notation) {
      case 0:
        return `${nanos}n`;
      case 1:
        return `${nanos}e-9`;
      case 2:
        return `${sign}${units}.${fraction}`;
      case 3:
        return `${sign}${magnitude * 1000n}e-12`;
      default:
        return `${sign}${units}.${fraction}000E-0`;
    }
  }

  it('orders quantities like their exact values, whatever the spelling', () => {
    const spelled = fc.tuple(anyNanos, fc.integer({ min: 0, max: 4 }));
    fc.assert(
      fc.property(spelled, spelled, ([left, a], [right, b]) => {
        const parsedLeft = parseQuantity(spell(left, a));
        const parsedRight = parseQuantity(spell(right, b));
        expect(parsedLeft.nanos).toBe(left);
        expect(parsedRight.nanos).toBe(right);
        let expected = 0;
        if (left !== right) expected = left < right ? -1 : 1;
        expect(compareQuantities(parsedLeft, parsedRight)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  // Strings shaped like quantities, with the characters the grammar cares
  // about, so the interesting branches are reached often.
  const quantityLike = fc
    .array(
      fc.constantFrom(
        ...'0123456789.+-eEinumkKMGTPx _'.split(''),
        'Ki',
        'Mi',
        'Ei',
        'e-',
        'e+',
        '999999999',
      ),
      { maxLength: 24 },
    )
    .map(parts => parts.join(''));
  const anyInput = fc.oneof(
    quantityLike,
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.double(),
    fc.anything(),
  );

  it('never throws anything but QuantityError, and bounds what it accepts', () => {
    fc.assert(
      fc.property(anyInput, input => {
        const result = tryParseQuantity(input);
        let outcome = 'a QuantityError';
        if (result.ok) {
          const { nanos } = result.quantity;
          outcome =
            nanos <= MAX_NANOS && nanos >= -MAX_NANOS
              ? 'a bounded quantity'
              : `${nanos}`;
        } else if (!(result.error instanceof QuantityError)) {
          outcome = String(result.error);
        }
        expect(['a bounded quantity', 'a QuantityError']).toContain(outcome);

        let thrown: unknown;
        if (typeof input === 'string' || typeof input === 'number') {
          try {
            parseQuantity(input);
          } catch (error) {
            thrown = error;
          }
        }
        expect(thrown === undefined || thrown instanceof QuantityError).toBe(
          true,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('decides exponents of any size without building them', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        (mantissa, exponent) => {
          const result = tryParseQuantity(`${mantissa}e${exponent}`);
          const outcome = result.ok
            ? result.quantity.nanos
            : result.error.reason;
          const magnitude = exponent < 0n ? -exponent : exponent;
          // Out of range: refused (ParseInt's ErrSuffix past int64). In
          // range: the exact value rounded up to the nano, or too large. The
          // reference builds 10^exponent only for exponents in range.
          let expected = 'exponent-out-of-range|suffix';
          if (magnitude <= BigInt(MAX_DECIMAL_EXPONENT)) {
            const shift = exponent + 9n;
            const exact =
              shift >= 0n
                ? mantissa * 10n ** shift
                : (mantissa + 10n ** -shift - 1n) / 10n ** -shift;
            expected = exact > MAX_NANOS ? 'too-large' : String(exact);
          }
          expect(String(outcome)).toMatch(new RegExp(`^(${expected})$`));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the fast path agrees with the exact parser whenever it answers', () => {
    const suffixes = ['', 'm', 'k', 'M', 'G', 'Ki', 'Mi', 'Gi', 'Ti', 'u', 'n'];
    const decimal = fc
      .tuple(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...suffixes),
      )
      .map(([digits, decimals, suffix]) =>
        decimals === 0
          ? `${digits}${suffix}`
          : `${Math.floor(digits / 10 ** decimals)}.${String(
              digits % 10 ** decimals,
            ).padStart(decimals, '0')}${suffix}`,
      );
    fc.assert(
      fc.property(
        fc.oneof(decimal, quantityLike, fc.string()),
        fc.constantFrom(0, 3),
        (text, scale) => {
          const fast = quantityToScaledInteger(text, scale);
          const exact = tryParseQuantityExact(text);
          const fastNanos = Number.isNaN(fast)
            ? 'declined'
            : BigInt(fast) * 10n ** BigInt(9 - scale);
          const exactNanos = exact.ok ? exact.quantity.nanos : 'refused';
          // Declining is always allowed; an answer must be the exact one.
          expect(fastNanos === 'declined' || fastNanos === exactNanos).toBe(
            true,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('tryParseQuantity and its exact path', () => {
  it('agree on every input, accepted or refused', () => {
    const outcome = (input: unknown, parse: typeof tryParseQuantity) => {
      const result = parse(input);
      return result.ok ? result.quantity.nanos : result.error.reason;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1e15, max: 1e15 }).map(String),
          fc
            .tuple(
              fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
              fc.constantFrom(
                '',
                'm',
                'u',
                'n',
                'k',
                'M',
                'G',
                'Ki',
                'Mi',
                'Gi',
                'Pi',
              ),
            )
            .map(([digits, suffix]) => `${digits}${suffix}`),
          fc.string(),
          fc.double(),
        ),
        input => {
          expect(outcome(input, tryParseQuantity)).toBe(
            outcome(input, tryParseQuantityExact),
          );
        },
      ),
      { numRuns: 2000 },
    );
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
    expect(
      quantityToScaledInteger(`${'0'.repeat(MAX_QUANTITY_LENGTH)}1`, 0),
    ).toBeNaN();
    expect(quantityToScaledInteger(4 as unknown as string, 0)).toBeNaN();
  });
});
