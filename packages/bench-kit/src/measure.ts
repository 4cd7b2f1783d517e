/* eslint-disable no-console */
/** Timing and table helpers shared by the benchmarks. */
import { performance } from 'node:perf_hooks';
import { requireMeasured } from './guard';

export function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs `task` repeatedly for about `budgetMs`; returns per-run times in ms. */
export function measure(
  task: () => unknown,
  budgetMs: number,
  minRuns = 5,
): number[] {
  for (let warmup = 0; warmup < 3; warmup++) task();
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (times.length < minRuns || performance.now() < deadline) {
    const start = performance.now();
    task();
    times.push(performance.now() - start);
    if (times.length >= 10_000) break;
  }
  return times;
}

/**
 * Alternates `first` and `second` for about `budgetMs`, so both see the same
 * machine conditions; returns the per-run times of each.
 */
export function measurePaired(
  first: () => unknown,
  second: () => unknown,
  budgetMs: number,
  minRuns = 5,
): [number[], number[]] {
  for (let warmup = 0; warmup < 3; warmup++) {
    first();
    second();
  }
  const firstTimes: number[] = [];
  const secondTimes: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (firstTimes.length < minRuns || performance.now() < deadline) {
    let start = performance.now();
    first();
    firstTimes.push(performance.now() - start);
    start = performance.now();
    second();
    secondTimes.push(performance.now() - start);
    if (firstTimes.length >= 10_000) break;
  }
  return [firstTimes, secondTimes];
}

/**
 * Prints a Markdown table with right-aligned columns. A table without rows
 * measured nothing, so it fails the bench instead of printing.
 */
export function printTable(header: string[], rows: string[][]) {
  requireMeasured(rows.length > 0, 'the table has no rows');
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map(row => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, column) => cell.padStart(widths[column]))
      .join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map(width => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
