/**
 * Characters that must not reach a log line, an audit event or a history
 * row verbatim: C0 controls (NUL, CR, LF, ESC...), DEL, C1 controls, the
 * Unicode line and paragraph separators (JSON-safe but line-breaking in many
 * viewers) and the bidirectional overrides/isolates that make a log line
 * read differently from what it contains.
 */
/* eslint-disable no-control-regex */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

const NAMED_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/**
 * True when `text` holds a character {@link sanitizeForLog} would escape.
 *
 * @public
 */
export function hasControlCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

function escapeChar(char: string): string {
  const named = NAMED_ESCAPES[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Upper bound of the truncation marker's length for an input of `length`. */
const markerBudget = (length: number) => `…[+${length} chars]`.length;

/**
 * Makes untrusted text (request fields, error messages, cluster responses)
 * safe for a log line, an audit event or a history row: control characters
 * are escaped (`\n`, `\r`, `\0`, `\x1b`, `\u2028`...) so the text stays on
 * one line and cannot forge entries, and the result is at most `maxLength`
 * characters, ending in `…[+N chars]` when it was cut. Backslashes are kept
 * as they are: the escapes only need to make the text inert, not reversible.
 *
 * Only the part that fits is scanned, so a megabyte of input costs as much
 * as `maxLength` characters.
 *
 * @public
 */
export function sanitizeForLog(value: unknown, maxLength = 500): string {
  const text = typeof value === 'string' ? value : String(value);
  const limit = Math.max(1, Math.floor(maxLength));
  if (text.length <= limit && !UNSAFE.test(text)) {
    return text;
  }
  const escapeUpTo = (room: number): { out: string; next: number } => {
    let out = '';
    let i = 0;
    for (; i < text.length; i++) {
      const char = text[i];
      const piece = UNSAFE.test(char) ? escapeChar(char) : char;
      if (out.length + piece.length > room) break;
      out += piece;
    }
    // Do not leave half of a surrogate pair at a cut.
    if (
      i < text.length &&
      out.length &&
      isHighSurrogate(out.charCodeAt(out.length - 1))
    ) {
      out = out.slice(0, -1);
      i -= 1;
    }
    return { out, next: i };
  };
  const whole = escapeUpTo(limit);
  if (whole.next >= text.length) {
    return whole.out;
  }
  // Cut shorter so that the marker fits within the limit too.
  const { out, next } = escapeUpTo(
    Math.max(0, limit - markerBudget(text.length)),
  );
  return `${out}…[+${text.length - next} chars]`.slice(0, limit);
}
