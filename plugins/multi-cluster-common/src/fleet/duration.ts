const UNIT_SECONDS: Record<string, number> = {
  ms: 0.001,
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
  w: 604800,
};

const SHORT_FORM = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/;
const ISO_8601 =
  /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Parses an RTO/RPO such as `30s`, `15m`, `1h30m`, `4h`, `1d` or ISO 8601
 * `PT15M` into seconds. Throws with the offending text otherwise.
 *
 * @public
 */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  const iso = ISO_8601.exec(trimmed.toUpperCase());
  if (iso && trimmed.length > 1 && trimmed.toUpperCase() !== 'PT') {
    const [, w, d, h, m, s] = iso.map(part => (part ? Number(part) : 0));
    return w * 604800 + d * 86400 + h * 3600 + m * 60 + s;
  }
  // Compound short form: 1h30m, 2d12h
  const parts = trimmed.match(/\d+(?:\.\d+)?(?:ms|s|m|h|d|w)/g);
  if (parts && parts.join('') === trimmed) {
    return parts.reduce((total, part) => {
      const [, amount, unit] = SHORT_FORM.exec(part)!;
      return total + Number(amount) * UNIT_SECONDS[unit];
    }, 0);
  }
  throw new Error(
    `invalid duration '${text}': use a number with a unit (30s, 15m, 4h, 1d) or ISO 8601 (PT15M)`,
  );
}

/**
 * Formats seconds the way people write RTOs: `45s`, `15m`, `1h 30m`, `2d`.
 *
 * @public
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '∞';
  if (seconds > 0 && seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  const units: [string, number][] = [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [unit, size] of units) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ') || '0s';
}
