import { outsideText } from './outsideText';

describe('outsideText', () => {
  it('removes control, bidi and zero-width characters and joins lines', () => {
    expect(outsideText('a\u0000b\u001b[31mc\u202ed\u200be\r\nf\tg', 100)).toBe(
      'ab[31mcde f g',
    );
  });

  it('keeps line breaks in a multiline body, at most one empty line', () => {
    expect(outsideText('a\r\nb\n\n\n\nc', 100, { multiline: true })).toBe(
      'a\nb\n\nc',
    );
  });

  it('neutralizes Slack control sequences, HTML tags and mentions', () => {
    expect(
      outsideText('<!channel> <@U123> <https://evil|x> <script>@here', 200, {
        markup: true,
      }),
    ).toBe('‹!channel› ‹@U123› ‹https://evil|x› ‹script›＠here');
  });

  it('bounds to whole code points, marking the cut', () => {
    const text = outsideText('😀'.repeat(50), 10);
    expect(Array.from(text)).toHaveLength(10);
    expect(text).toBe(`${'😀'.repeat(9)}…`);
  });

  it('reads only a prefix of a huge input and still marks it cut', () => {
    const huge = `${'\u0000'.repeat(5_000_000)}tail`;
    expect(outsideText(huge, 20)).toBe('…');
    expect(outsideText('x'.repeat(1_000_000), 5)).toBe('xxxx…');
  });
});
