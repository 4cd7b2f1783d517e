import { sanitizeForLog } from './sanitize';

describe('sanitizeForLog', () => {
  it('keeps ordinary text as it is', () => {
    expect(sanitizeForLog('scale md-0 to 3 (eu-west-1) ✓ ünïcode')).toBe(
      'scale md-0 to 3 (eu-west-1) ✓ ünïcode',
    );
    expect(sanitizeForLog('C:\\path\\n')).toBe('C:\\path\\n');
  });

  it('escapes C0 (CR, LF, NUL, ESC), DEL, C1, U+2028/2029 and bidi overrides', () => {
    const text = 'a\r\nb\0c\x1b[31md\x7fe\x85f\u2028g\u2029h\u202ei\u2066j\tk';
    const safe = sanitizeForLog(text);
    expect(safe).toBe(
      'a\\r\\nb\\0c\\x1b[31md\\x7fe\\x85f\\u2028g\\u2029h\\u202ei\\u2066j\\tk',
    );
    // eslint-disable-next-line no-control-regex
    expect(safe).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it('forged log lines stay on the line they were written on', () => {
    const error =
      'boom\n2026-12-02T10:00:00Z info: user:default/admin deleted prod';
    expect(sanitizeForLog(error).split(/\r|\n/)).toHaveLength(1);
  });

  it('truncates to maxLength, marker included, saying how much was cut', () => {
    const big = 'x'.repeat(1024 * 1024);
    const safe = sanitizeForLog(big, 300);
    expect(safe.length).toBeLessThanOrEqual(300);
    expect(safe).toMatch(/^x+…\[\+\d+ chars\]$/);
    const cut = Number(/\+(\d+) chars/.exec(safe)![1]);
    expect(safe.indexOf('…') + cut).toBe(big.length);
  });

  it('counts escapes against the length and never splits an escape or a surrogate pair', () => {
    expect(sanitizeForLog('\n'.repeat(5), 10)).toBe('\\n'.repeat(5));
    const cut = sanitizeForLog('\n'.repeat(100), 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toMatch(/^(\\n)+…/);
    const emoji = sanitizeForLog('😀'.repeat(100), 25);
    expect(emoji.length).toBeLessThanOrEqual(25);
    expect(emoji).toMatch(/^(😀)+…\[\+\d+ chars\]$/u);
  });

  it('stringifies non-strings', () => {
    expect(sanitizeForLog(42)).toBe('42');
    expect(sanitizeForLog(new Error('x\ny'))).toBe('Error: x\\ny');
  });
});
