/**
 * The query syntax of apimachinery `pkg/labels/selector.go` (`Parse`);
 * cases after its `selector_test.go` (`TestSelectorParse`,
 * `TestSelectorMatches`).
 */
import { compileLabelSelectorQuery } from './selectorQuery';

describe('compileLabelSelectorQuery', () => {
  const labels = { x: '1', y: '2', z: '3' };
  const matches = (query: string, on: Record<string, string> = labels) =>
    compileLabelSelectorQuery(query)(on);

  it('matches everything when empty', () => {
    expect(matches('')).toBe(true);
    expect(compileLabelSelectorQuery(undefined)({})).toBe(true);
  });

  it('parses equality, inequality, set and existence terms', () => {
    expect(matches('x=1')).toBe(true);
    expect(matches('x==1,y=2')).toBe(true);
    expect(matches('x=2')).toBe(false);
    expect(matches('x!=2')).toBe(true);
    expect(matches('w!=2')).toBe(true);
    expect(matches('x in (1,2)')).toBe(true);
    expect(matches('x notin (1,2)')).toBe(false);
    expect(matches('w notin (1)')).toBe(true);
    expect(matches('x,!w')).toBe(true);
    expect(matches('!x')).toBe(false);
  });

  it('refuses what Kubernetes refuses', () => {
    expect(() => compileLabelSelectorQuery('x in ()')).toThrow(
      "for In and NotIn operators, values set can't be empty",
    );
    expect(() => compileLabelSelectorQuery('x=a b')).toThrow(
      'unable to parse requirement: "x=a b"',
    );
    expect(() => compileLabelSelectorQuery('-x=1')).toThrow(/invalid key/);
  });
});
