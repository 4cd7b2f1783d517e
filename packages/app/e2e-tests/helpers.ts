import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** Signs in with the guest provider (the identity depends on the app's config). */
export async function signIn(page: Page, to: string = '/') {
  await page.goto(to);
  const enter = page.getByRole('button', { name: 'Enter' });
  await expect(enter).toBeVisible();
  await enter.click();
  // Signed in once the sidebar shows Flotilla's fleet page.
  await expect(
    page.getByRole('link', { name: 'Fleet', exact: true }).first(),
  ).toBeVisible();
  // The app renders the page it was opened on once signed in: no second load.
  const url = new URL(page.url());
  if (`${url.pathname}${url.search}` !== to) await page.goto(to);
}

/** Saves a full-page screenshot beside the other e2e output. */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.FLOTILLA_E2E_OUTPUT ?? 'test-results/e2e';
  await page.screenshot({
    path: path.join(dir, `${name}.png`),
    fullPage: true,
  });
}

/** Saves a screenshot of one element (the app scrolls inside its own frame). */
export async function screenshotOf(element: Locator, name: string) {
  const dir = process.env.FLOTILLA_E2E_OUTPUT ?? 'test-results/e2e';
  await element.scrollIntoViewIfNeeded();
  await element.screenshot({ path: path.join(dir, `${name}.png`) });
}
