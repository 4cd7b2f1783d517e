/** Figures and the bench's table: order statistics, targets and PASS/MISS. */

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (with few samples, p95 is the largest). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const megabytes = (mb: number) => `${Math.round(mb)} MB`;

export interface Row {
  measure: string;
  value: string;
  /** What the issue asks for; '' when the row only informs. */
  target?: string;
  /** value / target bound: at most 1 passes. */
  ratio?: number;
  note?: string;
}

function verdict(row: Row): string {
  if (row.ratio === undefined) return '';
  return row.ratio <= 1 ? 'PASS' : 'MISS';
}

/** The rows as an aligned markdown table. */
export function formatTable(rows: Row[]): string {
  const header = ['measure', 'value', 'target', 'ratio', 'result', 'note'];
  const cells = rows.map(row => [
    row.measure,
    row.value,
    row.target ?? '',
    row.ratio === undefined ? '' : row.ratio.toFixed(2),
    verdict(row),
    row.note ?? '',
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...cells.map(c => c[i].length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map(w => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

export function missed(rows: Row[]): Row[] {
  return rows.filter(row => row.ratio !== undefined && row.ratio > 1);
}
