import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { isSmokeRun, sized } from '@flotilla/bench-kit';

const RUNS = Number(process.env.BENCH_RUNS ?? sized(5, 1));
const CHROMIUM = process.env.FLOTILLA_CHROMIUM ?? '/usr/bin/chromium';
const TAB = '/catalog/default/component/checkout/multi-cluster';

/** The advisor's loaded states; its error state ends a smoke load only. */
const ADVISOR_STATES = {
  ranked: '[data-testid="placement-advice-rank-1"]',
  empty: '[data-testid="placement-advice-empty"]',
  error: '[data-testid="placement-advice-error"]',
};
export type AdvisorOutcome = keyof typeof ADVISOR_STATES;

export interface TabMeasurement {
  timings: number[];
  /** Replica rows waited for on each load. */
  rows: number;
  /** What the advisor showed on the last load. */
  advisor: AdvisorOutcome;
}

async function signIn(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: 'Enter' }).click();
  await page
    .getByRole('link', { name: 'Fleet', exact: true })
    .first()
    .waitFor({ timeout: 60_000 });
  // The catalog reads the demo files after the backend starts: wait for it.
  for (let attempt = 0; ; attempt++) {
    await page.goto(`${appUrl}${TAB}`);
    try {
      await page.getByText('Replicas per cluster').waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt > 20) throw error;
    }
  }
}

/** Waits for the advisor to have loaded; says which state it reached. */
async function advisorLoaded(page: Page): Promise<AdvisorOutcome> {
  const states = Object.entries(ADVISOR_STATES).filter(
    ([state]) => state !== 'error' || isSmokeRun(),
  );
  const selector = states.map(([, s]) => s).join(', ');
  await page.locator(selector).first().waitFor({ timeout: 120_000 });
  for (const [state, s] of states) {
    if ((await page.locator(s).count()) > 0) return state as AdvisorOutcome;
  }
  throw new Error('the advisor state disappeared');
}

/** One load of the tab, from navigation to the full page, in ms. */
async function loadOnce(page: Page, appUrl: string, rows: number) {
  const started = Date.now();
  await page.goto(`${appUrl}${TAB}`);
  await page
    .getByRole('button', { name: 'Fail over' })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 120_000 });
  await page.waitForFunction(
    n => document.querySelectorAll('[data-testid^="replicas-"]').length >= n,
    rows,
    { timeout: 120_000 },
  );
  const advisor = await advisorLoaded(page);
  return { ms: Date.now() - started, advisor };
}

/** RUNS loads of the service tab after one warm-up load (not counted). */
export async function measureTab(
  appUrl: string,
  rows: number,
): Promise<TabMeasurement> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1440, height: 1000 },
    });
    await signIn(page, appUrl);
    const timings: number[] = [];
    let advisor: AdvisorOutcome = 'error';
    for (let i = 0; i < RUNS + 1; i++) {
      const load = await loadOnce(page, appUrl, rows).catch(async error => {
        // What the page showed when it did not fill, for the bench's log.
        const shot = path.join(os.tmpdir(), 'flotilla-bench-tab-failed.png');
        await page.screenshot({ path: shot, fullPage: true });
        throw new Error(`${error}; the page as it was: ${shot}`);
      });
      advisor = load.advisor;
      // The first load fills the browser's cache; it is not counted.
      if (i > 0) timings.push(load.ms);
    }
    return { timings, rows, advisor };
  } finally {
    await browser.close();
  }
}
