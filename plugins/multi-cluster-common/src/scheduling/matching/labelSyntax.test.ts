import { labelValueError, qualifiedNameError } from './labelSyntax';

describe('qualifiedNameError', () => {
  it.each(['app', 'app.kubernetes.io/name', 'a', 'A-b_c.d', 'example.com/x1'])(
    'accepts %s',
    key => {
      expect(qualifiedNameError(key)).toBeUndefined();
    },
  );

  it.each([
    ['', 'name part must be non-empty'],
    ['/x', 'prefix part must be non-empty'],
    ['Example.com/x', 'prefix part must be a lowercase DNS subdomain'],
    [
      'a/b/c',
      "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character, with an optional DNS subdomain prefix and '/'",
    ],
    [
      '-bad',
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    ],
    ['x'.repeat(64), 'name part must be no more than 63 characters'],
  ])('rejects %p', (key, message) => {
    expect(qualifiedNameError(key)).toBe(message);
  });
});

describe('labelValueError', () => {
  it('accepts empty and well-formed values', () => {
    expect(labelValueError('')).toBeUndefined();
    expect(labelValueError('v1.2-beta_3')).toBeUndefined();
  });

  it('rejects long or malformed values', () => {
    expect(labelValueError('x'.repeat(64))).toBe(
      'must be no more than 63 characters',
    );
    expect(labelValueError('a b')).toMatch(/alphanumeric/);
  });
});
