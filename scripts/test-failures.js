#!/usr/bin/env node
// The failed tests of the run, each with the start of its failure message,
// from the runners' JSON reports (Jest's unit and integration reports, the
// browser phases' Playwright reports). The test command prints this near its
// end, so a CI log that keeps only its tail still says why a test failed.
//
// Usage: node scripts/test-failures.js <results-dir>
'use strict';

const path = require('path');
const { readReports } = require('./test-reports');

const MAX_FAILURES = 10;
const MAX_LINES = 25;
// ANSI colour codes in Jest's and Playwright's messages.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function excerpt(message) {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .filter(line => line.trim() !== '');
  const kept = lines.slice(0, MAX_LINES).map(line => `    ${line}`);
  if (lines.length > MAX_LINES) kept.push('    …');
  return kept.join('\n');
}

/** Failed tests of a Jest JSON report; a file that failed to run counts as one. */
function jestFailures(report, root) {
  return (report?.testResults ?? []).flatMap(file => {
    const name = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter(
      test => test.status === 'failed',
    );
    if (file.status === 'failed' && failedTests.length === 0) {
      return [{ title: name, message: file.message }];
    }
    return failedTests.map(test => ({
      title: `${name} › ${test.fullName ?? test.title}`,
      message: (test.failureMessages ?? []).join('\n'),
    }));
  });
}

/** Tests of a Playwright JSON report whose last attempt failed. */
function playwrightFailures(report, phase) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = (test.results ?? []).at(-1);
        if (!last || ['passed', 'skipped'].includes(last.status)) continue;
        failures.push({
          title: `${spec.file} (${phase}) › ${[...titles, spec.title].join(
            ' › ',
          )}`,
          message: last.error?.message ?? last.status,
        });
      }
    }
    for (const child of suite.suites ?? []) {
      visit(child, child.title ? [...titles, child.title] : titles);
    }
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  for (const error of report?.errors ?? []) {
    failures.push({ title: `${phase}: the run`, message: error.message });
  }
  return failures;
}

function main() {
  const dir = path.resolve(process.argv[2] ?? 'test-results');
  const root = path.resolve(__dirname, '..');
  const reports = readReports(dir);
  const failures = [
    ...jestFailures(reports.unit, root),
    ...jestFailures(reports.integration, root),
    ...reports.browser.flatMap(({ phase, report }) =>
      playwrightFailures(report, phase),
    ),
  ];
  if (!failures.length) return;
  console.log(`failed tests (${failures.length}):`);
  for (const { title, message } of failures.slice(0, MAX_FAILURES)) {
    console.log(`  ✕ ${title}`);
    console.log(excerpt(message));
  }
  if (failures.length > MAX_FAILURES) {
    console.log(`  … and ${failures.length - MAX_FAILURES} more`);
  }
}

main();
