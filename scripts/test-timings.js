#!/usr/bin/env node
// The test command's timing table: one line per phase with its seconds (from
// the `phase<TAB>seconds` lines the scripts append to test-results/timings.tsv),
// written to test-results/timings.json, and the slowest test files of each
// runner (Jest's unit and integration reports, Playwright's report) written to
// test-results/slowest-tests.txt.
//
// Usage: node scripts/test-timings.js <results-dir>
'use strict';

const fs = require('fs');
const path = require('path');
const { readReports } = require('./test-reports');

const SLOWEST = 10;

/** Phases in the order they ran; a phase that ran twice adds up. */
function readPhases(dir) {
  const file = path.join(dir, 'timings.tsv');
  if (!fs.existsSync(file)) return [];
  const phases = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [name, seconds] = line.split('\t');
    if (!name || !Number.isFinite(Number(seconds))) continue;
    phases.set(name, (phases.get(name) ?? 0) + Number(seconds));
  }
  return [...phases].map(([name, seconds]) => ({ name, seconds }));
}

/** Seconds per test file of a Jest JSON report. */
function jestFiles(report, root) {
  return (report?.testResults ?? []).map(result => ({
    file: path.relative(root, result.name),
    seconds: (result.endTime - result.startTime) / 1000,
  }));
}

/** Seconds per test file of a Playwright JSON report (retries included). */
function playwrightFiles(report) {
  const perFile = new Map();
  const visit = suite => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          const file = spec.file ?? suite.file;
          perFile.set(file, (perFile.get(file) ?? 0) + result.duration / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...perFile].map(([file, seconds]) => ({ file, seconds }));
}

function slowest(files) {
  return [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
}

function main() {
  const dir = path.resolve(process.argv[2] ?? 'test-results');
  const root = path.resolve(__dirname, '..');
  const phases = readPhases(dir);
  // A phase that ran beside the others (its name ends in "(beside)") takes
  // no time of its own from the run.
  const total = phases
    .filter(phase => !phase.name.endsWith('(beside)'))
    .reduce((sum, phase) => sum + phase.seconds, 0);
  const reports = readReports(dir);
  const runners = {
    unit: slowest(jestFiles(reports.unit, root)),
    integration: slowest(jestFiles(reports.integration, root)),
    // One file can run in several browser phases: each is named with its phase.
    e2e: slowest(
      reports.browser.flatMap(({ phase, report }) =>
        playwrightFiles(report).map(({ file, seconds }) => ({
          file: `${file} (${phase})`,
          seconds,
        })),
      ),
    ),
  };
  fs.writeFileSync(
    path.join(dir, 'timings.json'),
    `${JSON.stringify(
      { phases, totalSeconds: total, slowest: runners },
      null,
      2,
    )}\n`,
  );
  const lines = [];
  for (const [runner, files] of Object.entries(runners)) {
    lines.push(`${runner}: the ${files.length} slowest test files`);
    for (const { file, seconds } of files) {
      lines.push(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
    }
  }
  fs.writeFileSync(
    path.join(dir, 'slowest-tests.txt'),
    `${lines.join('\n')}\n`,
  );

  const width = Math.max(5, ...phases.map(phase => phase.name.length));
  console.log(`${'phase'.padEnd(width)}  seconds`);
  for (const { name, seconds } of phases) {
    console.log(
      `${name.padEnd(width)}  ${String(Math.round(seconds)).padStart(7)}`,
    );
  }
  console.log(
    `${'total'.padEnd(width)}  ${String(Math.round(total)).padStart(7)}`,
  );
}

main();
