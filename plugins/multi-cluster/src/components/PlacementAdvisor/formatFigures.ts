/** A figure or `unknown`: an absent figure is never shown as 0. */
export function formatFigure(value: number | undefined, unit = ''): string {
  if (value === undefined) return 'unknown';
  return `${round(value)}${unit}`;
}

/** A signed difference (`+0.42`, `-12`, `±0`) or `unknown`. */
export function formatDelta(value: number | undefined, unit = ''): string {
  if (value === undefined) return 'unknown';
  const rounded = round(value);
  if (rounded === 0) return `±0${unit}`;
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded)}${unit}`;
}

/** Cost per hour, with its currency-less two decimals. */
export function formatCost(value: number | undefined): string {
  return value === undefined ? 'unknown' : value.toFixed(2);
}

/** Two decimals at most, without trailing zeros. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}
