import { jsonStructureProblem } from './bodyParser';

const problem = (text: string, limits = { maxDepth: 3, maxKeys: 2 }) =>
  jsonStructureProblem(Buffer.from(text), limits);

describe('jsonStructureProblem', () => {
  it('accepts JSON within the limits, however long its lists', () => {
    expect(problem('{"a":1,"b":[1,2,3]}')).toBeUndefined();
    expect(problem(`[${'{"a":1},'.repeat(10_000)}{}]`)).toBeUndefined();
    expect(problem('[[[]]]')).toBeUndefined();
  });

  it('counts keys per object, not per body', () => {
    expect(problem('{"a":{"x":1,"y":2},"b":{"x":1,"y":2}}')).toBeUndefined();
    expect(problem('{"a":1,"b":2,"c":3}')).toBe(
      'a JSON object with more than 2 keys',
    );
  });

  it('refuses nesting past the depth', () => {
    expect(problem('[[[[]]]]')).toBe('JSON nested deeper than 3 levels');
    expect(problem('{"a":{"b":{"c":{}}}}')).toBe(
      'JSON nested deeper than 3 levels',
    );
  });

  it('ignores braces, colons and quotes inside strings', () => {
    expect(
      problem('{"a:b:c":"{[{[{[:::]}]}]}","d\\":e":"\\\\","f":"\\"{"}', {
        maxDepth: 1,
        maxKeys: 3,
      }),
    ).toBeUndefined();
  });
});
