import { AUDIT_BOUNDS, sanitizeError, sanitizeJson } from './sanitizeJson';

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
