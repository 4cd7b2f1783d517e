/**
 * apimachinery's own examples, ported from
 * kubernetes/apimachinery pkg/api/resource/quantity_test.go:
 * TestQuantityParse (the accepted table, its "-" and "+" variants and the
 * invalid list), TestParseQuantityString, TestQuantityParseZero,
 * TestQuantityParseNonNumericPanic, TestQuantityCmp, TestQuantityParseEmit,
 * TestQuantityString (canonical and alternate spellings), TestNewSet,
 * TestMilliNewSet, TestNewScaledSet, TestStringQuantityAsApproximateFloat64,
 * TestQuantityValueSet, TestJSONWhitespace and TestQuantityUnmarshalCBOR
 * (white space and empty strings, through the JSON schema).
 *
 * `dec(m, e)` is the test file's `decQuantity(m, e, _)`: m * 10^e, here in
 * nano-units. The last block pins behaviour read from quantity.go and
 * suffix.go rather than from their tests.
 */
import {
  compareQuantities,
  MAX_QUANTITY_UNITS,
  parseQuantity,
  QUANTITY_FORMAT_ERROR,
  quantityMilliValue,
  quantityValue,
  tryParseQuantity,
} from './quantity';
import { quantitySchema } from './schemas';

const dec = (mantissa: bigint, exponent: number): bigint =>
  exponent + 9 >= 0
    ? mantissa * 10n ** BigInt(exponent + 9)
    : mantissa / 10n ** BigInt(-(exponent + 9));
const MAX_ALLOWED = MAX_QUANTITY_UNITS * 1_000_000_000n;
const Ki = 1024n;

// TestQuantityParse: input -> expected value.
const ACCEPTED: [string, bigint][] = [
  ['0', 0n],
  ['0n', 0n],
  ['0u', 0n],
  ['0m', 0n],
  ['0Ki', 0n],
  ['0k', 0n],
  ['0Mi', 0n],
  ['0M', 0n],
  ['0Gi', 0n],
  ['0G', 0n],
  ['0Ti', 0n],
  ['0T', 0n],
  // Quantity less numbers are allowed
  ['1', dec(1n, 0)],
  // Binary suffixes
  ['1Ki', dec(Ki, 0)],
  ['8Ki', dec(8n * Ki, 0)],
  ['7Mi', dec(7n * Ki ** 2n, 0)],
  ['6Gi', dec(6n * Ki ** 3n, 0)],
  ['5Ti', dec(5n * Ki ** 4n, 0)],
  ['4Pi', dec(4n * Ki ** 5n, 0)],
  ['3Ei', dec(3n * Ki ** 6n, 0)],
  ['10Ti', dec(10n * Ki ** 4n, 0)],
  ['100Ti', dec(100n * Ki ** 4n, 0)],
  // Decimal suffixes
  ['5n', dec(5n, -9)],
  ['4u', dec(4n, -6)],
  ['3m', dec(3n, -3)],
  ['9', dec(9n, 0)],
  ['8k', dec(8n, 3)],
  ['50k', dec(5n, 4)],
  ['7M', dec(7n, 6)],
  ['6G', dec(6n, 9)],
  ['5T', dec(5n, 12)],
  ['40T', dec(4n, 13)],
  ['300T', dec(3n, 14)],
  ['2P', dec(2n, 15)],
  ['1E', dec(1n, 18)],
  // Decimal exponents
  ['1E-3', dec(1n, -3)],
  ['1e3', dec(1n, 3)],
  ['1E6', dec(1n, 6)],
  ['1e9', dec(1n, 9)],
  ['1E12', dec(1n, 12)],
  ['1e15', dec(1n, 15)],
  ['1E18', dec(1n, 18)],
  // Nonstandard but still parsable
  ['1e14', dec(1n, 14)],
  ['1e13', dec(1n, 13)],
  ['100.035k', dec(100035n, 0)],
  // Things that look like floating point
  ['0.001', dec(1n, -3)],
  ['0.0005k', dec(5n, -1)],
  ['0.005', dec(5n, -3)],
  ['0.05', dec(5n, -2)],
  ['0.5', dec(5n, -1)],
  ['0.00050k', dec(5n, -1)],
  ['0.00500', dec(5n, -3)],
  ['0.05000', dec(5n, -2)],
  ['0.50000', dec(5n, -1)],
  ['0.5e0', dec(5n, -1)],
  ['0.5e-1', dec(5n, -2)],
  ['0.5e-2', dec(5n, -3)],
  ['10.035M', dec(10035n, 3)],
  ['1.2e3', dec(12n, 2)],
  ['1.3E+6', dec(13n, 5)],
  ['1.40e9', dec(14n, 8)],
  ['1.53E12', dec(153n, 10)],
  ['1.6e15', dec(16n, 14)],
  ['1.7E18', dec(17n, 17)],
  ['9.01', dec(901n, -2)],
  ['8.1k', dec(81n, 2)],
  ['7.123456M', dec(7123456n, 0)],
  ['6.987654321G', dec(6987654321n, 0)],
  ['5.444T', dec(5444n, 9)],
  ['40.1T', dec(401n, 11)],
  ['300.2T', dec(3002n, 11)],
  ['2.5P', dec(25n, 14)],
  ['1.01E', dec(101n, 16)],
  // Things that saturate/round
  ['3.001n', dec(4n, -9)],
  ['1.1E-9', dec(2n, -9)],
  ['0.0000000001', dec(1n, -9)],
  ['0.0000000005', dec(1n, -9)],
  ['0.00000000050', dec(1n, -9)],
  ['0.5e-9', dec(1n, -9)],
  ['0.9n', dec(1n, -9)],
  ['0.00000012345', dec(124n, -9)],
  ['0.00000012354', dec(124n, -9)],
  ['9Ei', MAX_ALLOWED],
  ['9223372036854775807Ki', MAX_ALLOWED],
  // We'll accept fractional binary stuff, too.
  ['100.035Ki', dec(10243584n, -2)],
  ['0.5Mi', dec(524288n, 0)],
  ['0.05Gi', dec(536870912n, -1)],
  ['0.025Ti', dec(274877906944n, -1)],
  // Things written by trolls
  ['0.000000000001Ki', dec(2n, -9)],
  ['.001', dec(1n, -3)],
  ['.0001k', dec(100n, -3)],
  ['1.', dec(1n, 0)],
  ['1.G', dec(1n, 9)],
];

describe('apimachinery TestQuantityParse', () => {
  it.each(ACCEPTED)('parses %s', (input, nanos) => {
    expect(parseQuantity(input).nanos).toBe(nanos);
  });

  it.each(ACCEPTED)('parses -%s as its negation', (input, nanos) => {
    expect(parseQuantity(`-${input}`).nanos).toBe(-nanos);
  });

  it.each(ACCEPTED)('parses +%s as itself', (input, nanos) => {
    expect(parseQuantity(`+${input}`).nanos).toBe(nanos);
  });

  it('refuses the one table entry beyond 2^63-1 units (deviation, see quantity.ts)', () => {
    // apimachinery keeps 12E (1.2e19) in inf.Dec; its Value() overflows.
    expect(tryParseQuantity('12E')).toMatchObject({
      ok: false,
      error: { reason: 'too-large' },
    });
  });

  it('refuses the empty string', () => {
    expect(() => parseQuantity('')).toThrow(QUANTITY_FORMAT_ERROR);
  });

  it.each([
    ['1.1.M', 'format'],
    ['1+1.0M', 'format'],
    ['0.1mi', 'suffix'],
    ['0.1am', 'format'],
    ['aoeu', 'format'],
    ['.5i', 'suffix'],
    ['1i', 'suffix'],
    ['-3.01i', 'suffix'],
    ['-3.01e-', 'suffix'],
    // trailing whitespace is forbidden
    [' 1', 'format'],
    ['1 ', 'format'],
  ])('refuses %p (%s)', (input, reason) => {
    expect(tryParseQuantity(input)).toMatchObject({
      ok: false,
      error: { reason },
    });
  });
});

describe('apimachinery TestParseQuantityString (through ParseQuantity)', () => {
  it.each([
    ['0.025Ti', dec(274877906944n, -1)],
    ['1.025Ti', dec(11269994184704n, -1)],
    ['-1.025Ti', -dec(11269994184704n, -1)],
    ['.', 0n],
    ['-.', 0n],
    ['1E-3', dec(1n, -3)],
  ])('parses %p', (input, nanos) => {
    expect(parseQuantity(input).nanos).toBe(nanos);
  });
});

describe('apimachinery TestQuantityParseZero, NonNumericPanic, ValueSet', () => {
  it('parses 0 and refuses Non-Numeric and invalid', () => {
    expect(parseQuantity('0').nanos).toBe(0n);
    expect(() => parseQuantity('Non-Numeric')).toThrow(QUANTITY_FORMAT_ERROR);
    expect(() => parseQuantity('invalid')).toThrow(QUANTITY_FORMAT_ERROR);
    expect(quantityValue(parseQuantity('1Mi'))).toBe(1024 * 1024);
  });
});

describe('apimachinery TestQuantityCmp', () => {
  it.each([
    ['0', '0', 0],
    ['100m', '50m', 1],
    ['50m', '100m', -1],
    ['10000T', '100Gi', 1],
  ])('compares %s with %s', (left, right, expected) => {
    expect(compareQuantities(parseQuantity(left), parseQuantity(right))).toBe(
      expected,
    );
  });
});

describe('apimachinery TestQuantityParseEmit and TestQuantityString spellings', () => {
  // [input, the canonical spelling apimachinery emits for it]
  it.each([
    ['1Ki', '1Ki'],
    ['1Mi', '1Mi'],
    ['1Gi', '1Gi'],
    ['1024Mi', '1Gi'],
    ['1000M', '1G'],
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'],
    ['307200Ki', '300Mi'],
    ['5000m', '5'],
    ['0.5', '500m'],
    ['0.001T', '1G'],
    ['1000u', '1m'],
    ['1.08', '1080m'],
    ['1080000000n', '1080m'],
    ['.001e12', '1e9'],
    ['0.001e0', '1e-3'],
    ['1000e-12', '1e-9'],
    ['00', '0'],
    ['1025', '1025'],
    ['1234567M', '1234567M'],
    ['80e-3', '80e-3'],
    ['300e6', '300e6'],
  ])('%s is the same amount as %s', (input, canonical) => {
    expect(parseQuantity(input).nanos).toBe(parseQuantity(canonical).nanos);
    expect(parseQuantity(`-${input}`).nanos).toBe(
      -parseQuantity(canonical).nanos,
    );
  });

  it('refuses the DecimalSI spellings beyond 2^63-1 units (deviation)', () => {
    // TestQuantityString: "1000E" -> "1e21", "5000E", "1000000E".
    for (const input of ['1000E', '1e21', '5e21', '1000000E', '1e24']) {
      expect(tryParseQuantity(input)).toMatchObject({
        ok: false,
        error: { reason: 'too-large' },
      });
    }
  });
});

describe('apimachinery TestNewSet, TestMilliNewSet, TestNewScaledSet round trips', () => {
  it.each([
    ['1', 1, 1000],
    ['1k', 1000, 1_000_000],
    ['1234k', 1_234_000, 1_234_000_000],
    ['1Ki', 1024, 1_024_000],
    ['1e6', 1_000_000, 1_000_000_000],
    ['1Mi', 1024 * 1024, 1024 * 1024 * 1000],
    ['1m', 1, 1],
    ['1234', 1234, 1_234_000],
    ['1e3', 1000, 1_000_000],
    ['1n', 1, 1],
    ['1u', 1, 1],
  ])('%s has Value() %d and MilliValue() %d', (input, value, milli) => {
    const quantity = parseQuantity(input);
    expect(quantityValue(quantity)).toBe(value);
    expect(quantityMilliValue(quantity)).toBe(milli);
  });
});

describe('apimachinery TestStringQuantityAsApproximateFloat64', () => {
  it.each([
    ['2Ki', 2048_000_000_000n],
    ['1.1Ki', 1126_400_000_000n],
    ['1Mi', 1_048_576_000_000_000n],
    ['2Gi', 2_147_483_648_000_000_000n],
  ])('%s is exact', (input, nanos) => {
    expect(parseQuantity(input).nanos).toBe(nanos);
  });
});

describe('apimachinery TestJSONWhitespace and TestQuantityUnmarshalCBOR', () => {
  it.each([
    [' 1', '1'],
    ['1 ', '1'],
    [1, '1'],
    [10, '10'],
    [-1, '-1'],
    [' -1', '-1'],
    [' \t\n\r1M \t\n\r', '1M'],
  ])('reads JSON %p as %p', (input, text) => {
    expect(quantitySchema.parse(input)).toBe(text);
  });

  it('refuses the empty string with ErrFormatWrong', () => {
    const result = quantitySchema.safeParse('');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(QUANTITY_FORMAT_ERROR);
  });
});

/**
 * Not in quantity_test.go: behaviour traced through quantity.go
 * (parseQuantityString, the int64 fast path and the inf.Dec path) and
 * suffix.go (interpret, ParseInt of the exponent).
 */
describe('apimachinery ParseQuantity, read from the code', () => {
  it.each([
    'm',
    '-',
    '+',
    '.',
    'Ki',
    'Mi',
    'Gi',
    'Ti',
    'e3',
    'e-9',
    'n',
    '000',
  ])('parses %p (no digit, int64 fast path) as zero', input => {
    expect(parseQuantity(input).nanos).toBe(0n);
  });

  it.each(['Pi', 'Ei', 'e-10', '.e-10', '-e-12'])(
    'refuses %p (no digit, inf.Dec path) with ErrNumeric',
    input => {
      expect(tryParseQuantity(input)).toMatchObject({
        ok: false,
        error: {
          reason: 'numeric',
          message: 'unable to parse numeric part of quantity',
        },
      });
    },
  );

  it.each([
    ['1e', 'suffix'],
    ['1e+', 'suffix'],
    ['1ki', 'suffix'],
    ['1KI', 'format'],
    ['1ee3', 'suffix'],
    ['1Ki5', 'suffix'],
    ['1-3', 'suffix'],
    ['--1', 'suffix'],
    ['1e3e3', 'format'],
    ['1e3Ki', 'format'],
    ['1 Gi', 'format'],
    ['1_000', 'format'],
    ['١', 'format'],
    ['1e9223372036854775808', 'suffix'], // ParseInt overflows int64
    ['1e-9223372036854775809', 'suffix'],
  ])('refuses %p (%s)', (input, reason) => {
    expect(tryParseQuantity(input)).toMatchObject({
      ok: false,
      error: { reason },
    });
  });

  it('reads exponents with leading zeros and an explicit sign', () => {
    expect(parseQuantity('1e+003').nanos).toBe(dec(1n, 3));
    expect(parseQuantity('1e-00000000000000000000000003').nanos).toBe(
      dec(1n, -3),
    );
  });

  it('caps binary SI at 2^63-1 with either sign', () => {
    expect(parseQuantity('99999999999999999999Ei').nanos).toBe(MAX_ALLOWED);
    expect(parseQuantity('-8Ei').nanos).toBe(-MAX_ALLOWED);
    expect(parseQuantity('7Ei').nanos).toBe(dec(7n * Ki ** 6n, 0));
  });
});
