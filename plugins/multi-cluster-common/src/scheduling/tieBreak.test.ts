import { fnv1a32, nameOrderForUid } from './tieBreak';

describe('fnv1a32', () => {
  it('matches the published FNV-1a test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes', () => {
    // "é" is two bytes in UTF-8 (0xc3 0xa9).
    const manual =
      Math.imul(Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) ^ 0xa9, 0x01000193) >>>
      0;
    expect(fnv1a32('é')).toBe(manual);
  });
});

describe('nameOrderForUid', () => {
  it('uses the doc test values: even hash ascending, odd hash descending', () => {
    expect(fnv1a32('4858ca61-3ff8-4095-8267-f3d059d8074c') % 2).toBe(0);
    expect(nameOrderForUid('4858ca61-3ff8-4095-8267-f3d059d8074c')).toBe(
      'ascending',
    );
    expect(fnv1a32('d43fdeeb-d750-4e2b-bee3-64eb94534f4c') % 2).toBe(1);
    expect(nameOrderForUid('d43fdeeb-d750-4e2b-bee3-64eb94534f4c')).toBe(
      'descending',
    );
  });

  it('is ascending without a UID', () => {
    expect(nameOrderForUid(undefined)).toBe('ascending');
    expect(nameOrderForUid('')).toBe('ascending');
  });
});
