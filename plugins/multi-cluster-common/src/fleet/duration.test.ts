import { formatDuration, parseDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['0s', 0],
    ['30s', 30],
    ['15m', 900],
    ['1h30m', 5400],
    ['4h', 14400],
    ['1d', 86400],
    ['500ms', 0.5],
    ['PT15M', 900],
    ['PT1H30M', 5400],
    ['P1D', 86400],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '15', 'fifteen minutes', '15 minutes', 'PT', '1h-5m'])(
    'rejects %j with the offending text',
    text => {
      expect(() => parseDuration(text)).toThrow(`invalid duration '${text}'`);
    },
  );
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [900, '15m'],
    [5400, '1h 30m'],
    [172800, '2d'],
    [0.25, '250ms'],
  ])('writes %d seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('round-trips whole units', () => {
    for (const text of ['30s', '15m', '4h', '2d']) {
      expect(formatDuration(parseDuration(text))).toBe(text);
    }
  });
});
