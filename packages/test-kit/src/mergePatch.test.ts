import { mergePatch } from './mergePatch';

describe('mergePatch (RFC 7386)', () => {
  it('merges objects, removes null keys and replaces everything else', () => {
    expect(
      mergePatch(
        { a: 'b', c: { d: 'e', f: 'g' }, list: [1, 2] },
        { a: 'z', c: { f: null }, list: [3] },
      ),
    ).toEqual({ a: 'z', c: { d: 'e' }, list: [3] });
  });

  it('replaces a non-object target and leaves the target untouched', () => {
    const target = { a: { b: 1 } };
    expect(mergePatch('text', { a: 1 })).toEqual({ a: 1 });
    expect(mergePatch(target, { a: { c: 2 } })).toEqual({ a: { b: 1, c: 2 } });
    expect(target).toEqual({ a: { b: 1 } });
  });
});
