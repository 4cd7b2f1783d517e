import {
  AUDIT_BOUNDS,
  sanitizeError,
  sanitizeForLog,
  sanitizeJson,
} from './sanitize';

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

describe('sanitizeJson', () => {
  it('escapes every string, keys included, and keeps numbers and booleans', () => {
    expect(
      sanitizeJson({ 'k\n': ['a\rb', 1, true, null], n: { m: 'c\0' } }),
    ).toEqual({ 'k\\n': ['a\\rb', 1, true, null], n: { m: 'c\\0' } });
  });

  it('bounds strings, arrays, keys and depth with markers', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 80 }, (_, i) => [`k${i}`, i]),
    );
    const deep: any = {};
    let cursor = deep;
    for (let i = 0; i < 20; i++) cursor = cursor.next = {};
    const out: any = sanitizeJson(
      {
        confirm: 'y'.repeat(1024 * 1024),
        list: Array.from({ length: 70 }, (_, i) => i),
        wide,
        deep,
      },
      AUDIT_BOUNDS,
    );
    expect(out.confirm.length).toBeLessThanOrEqual(AUDIT_BOUNDS.maxString);
    expect(out.list).toHaveLength(AUDIT_BOUNDS.maxItems + 1);
    expect(out.list.at(-1)).toBe('…[+20 items]');
    expect(Object.keys(out.wide)).toHaveLength(AUDIT_BOUNDS.maxKeys + 1);
    expect(out.wide['…']).toBe('+30 keys');
    expect(JSON.stringify(out.deep)).toContain('…[nested too deep]');
    expect(JSON.stringify(out).length).toBeLessThan(10_000);
  });

  it('survives cycles and drops non-JSON values', () => {
    const cyclic: any = { name: 'a', fn: () => 1, u: undefined };
    cyclic.self = cyclic;
    const out: any = sanitizeJson(cyclic, AUDIT_BOUNDS);
    expect(out.name).toBe('a');
    expect(out).not.toHaveProperty('fn');
    expect(out).not.toHaveProperty('u');
    expect(JSON.stringify(out)).toContain('…[nested too deep]');
    expect(sanitizeJson(Number.NaN)).toBeNull();
  });
});

describe('sanitizeError', () => {
  it('keeps the name, escapes and bounds the message, drops the stack', () => {
    const error = new TypeError(`bad\r\nline${'z'.repeat(5000)}`);
    const safe = sanitizeError(error, 200);
    expect(safe.name).toBe('TypeError');
    expect(safe.message.length).toBeLessThanOrEqual(200);
    expect(safe.message.startsWith('bad\\r\\nline')).toBe(true);
    expect(safe.stack).toBeUndefined();
    expect(sanitizeError('plain\0').message).toBe('plain\\0');
  });
});
