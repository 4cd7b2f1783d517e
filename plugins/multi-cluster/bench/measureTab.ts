import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { isSmokeRun, sized } from '@flotilla/bench-kit';

const RUNS = Number(process.env.BENCH_RUNS ?? sized(5, 1));
const CHROMIUM = process.env.FLOTILLA_CHROMIUM ?? '/usr/bin/chromium';
const SERVICE = '/catalog/default/component/checkout';
const TAB = `${SERVICE}/multi-cluster`;

/** The advisor's loaded states; its error state ends a smoke load only. */
const ADVISOR_STATES = {
  ranked: '[data-testid="placement-advice-rank-1"]',
  empty: '[data-testid="placement-advice-empty"]',
  error: '[data-testid="placement-advice-error"]',
};
export type AdvisorOutcome = keyof typeof ADVISOR_STATES;

export interface TabMeasurement {
  /** Opening the tab from the service's page, as a developer does. */
  timings: number[];
  /** Reloading the tab's address: the app's own boot included. */
  reloadTimings: number[];
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

/** What the page shows at one moment, read inside the page. */
interface PageState {
  /** Fail over is there and enabled. */
  failoverEnabled: boolean;
  rows: number;
  /** The advisor's loaded state, if it reached one. */
  advisor?: AdvisorOutcome;
  /** A card still shows its progress bar. */
  loading: boolean;
}

/**
 * Waits until the tab is full (its replica rows, Fail over enabled, the
 * advisor and every other card loaded); says what the advisor showed. One
 * cheap predicate runs in the page at each frame: Playwright's role
 * locators, polled over and over, took a tenth of the page's own main
 * thread while it loaded, so the bench slowed what it measured.
 */
async function tabFull(page: Page, rows: number): Promise<AdvisorOutcome> {
  const accepted = Object.keys(ADVISOR_STATES).filter(
    state => state !== 'error' || isSmokeRun(),
  );
  const full = await page.waitForFunction(
    ({ states, wantedRows, wanted }) => {
      const failover = [...document.querySelectorAll('button')].find(
        b => b.textContent?.trim() === 'Fail over',
      );
      const state: PageState = {
        failoverEnabled: Boolean(failover && !failover.disabled),
        rows: document.querySelectorAll('[data-testid^="replicas-"]').length,
        advisor: Object.entries(states).find(
          ([, selector]) => document.querySelector(selector) !== null,
        )?.[0] as AdvisorOutcome | undefined,
        loading: document.querySelector('[data-testid="progress"]') !== null,
      };
      return state.failoverEnabled &&
        state.rows >= wantedRows &&
        state.advisor !== undefined &&
        wanted.includes(state.advisor) &&
        !state.loading
        ? state.advisor
        : false;
    },
    { states: ADVISOR_STATES, wantedRows: rows, wanted: accepted },
    { polling: 'raf', timeout: 120_000 },
  );
  return (await full.jsonValue()) as AdvisorOutcome;
}

/** A reload of the tab's address until the page is full, in ms. */
async function reloadOnce(page: Page, appUrl: string, rows: number) {
  const started = Date.now();
  await page.goto(`${appUrl}${TAB}`);
  const advisor = await tabFull(page, rows);
  return { ms: Date.now() - started, advisor };
}

/**
 * From the service's overview page (loaded, not timed), an in-app
 * navigation to its Multi-cluster tab, as a click on the tab makes it (the
 * app may group the tab in a menu), until the page is full, in ms.
 */
async function openOnce(page: Page, appUrl: string, rows: number) {
  await page.goto(`${appUrl}${SERVICE}`);
  await page.getByText('Relations').first().waitFor({ timeout: 120_000 });
  // The overview's own reads are not the tab's.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const started = Date.now();
  await page.evaluate(tab => {
    window.history.pushState({}, '', tab);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, TAB);
  const advisor = await tabFull(page, rows);
  return { ms: Date.now() - started, advisor };
}

/** Runs one load; what the page showed when it did not fill, for the log. */
async function timed<T>(page: Page, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const shot = path.join(os.tmpdir(), 'flotilla-bench-tab-failed.png');
    await page.screenshot({ path: shot, fullPage: true });
    throw new Error(`${error}; the page as it was: ${shot}`);
  }
}

/**
 * RUNS rounds after one warm-up round (not counted), each opening the tab
 * from the service's page and then reloading it.
 */
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
    const reloadTimings: number[] = [];
    let advisor: AdvisorOutcome = 'error';
    for (let i = 0; i < RUNS + 1; i++) {
      const opened = await timed(page, () => openOnce(page, appUrl, rows));
      const reloaded = await timed(page, () => reloadOnce(page, appUrl, rows));
      advisor = opened.advisor === 'error' ? opened.advisor : reloaded.advisor;
      // The first round fills the browser's cache; it is not counted.
      if (i > 0) {
        timings.push(opened.ms);
        reloadTimings.push(reloaded.ms);
      }
    }
    return { timings, reloadTimings, rows, advisor };
  } finally {
    await browser.close();
  }
}
