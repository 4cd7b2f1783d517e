// The runners' JSON reports of a test run, read by the scripts that summarise
// it (test-failures.js, test-timings.js): Jest's unit and integration
// reports and one Playwright report per browser phase.
'use strict';

const fs = require('fs');
const path = require('path');

/** The browser phases of scripts/e2e.sh, each with its Playwright report. */
const BROWSER_PHASES = ['guest', 'platform', 'smoke'];

/** A report's JSON, or undefined when the runner wrote none (or half of one). */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The reports in a results directory. */
function readReports(dir) {
  return {
    unit: readJson(path.join(dir, 'jest.json')),
    integration: readJson(path.join(dir, 'integration.json')),
    browser: BROWSER_PHASES.map(phase => ({
      phase,
      report: readJson(path.join(dir, `e2e-${phase}.json`)),
    })),
  };
}

module.exports = { readReports };
