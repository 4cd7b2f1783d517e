import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers';

// The local fleet's eu-west region has five clusters (prod aws, gcp and
// azure, staging, dev); checkout runs in prod-eu-west-aws-1 and
// prod-eu-west-gcp-1 among others, payments-ledger in eu-west only. A what-if
// changes nothing, so this test may run in any order with the others.

test('@guest plans the loss of eu-west: summary, capacity per region and where checkout goes', async ({
  page,
}) => {
  await signIn(page, '/fleet');
  await page.getByRole('tab', { name: 'Region loss' }).click();
  await expect(page).toHaveURL(/\/fleet\/region-loss$/);

  const regions = page.getByRole('textbox', { name: 'Regions' });
  await regions.click();
  await regions.fill('eu-west');
  await page.getByRole('option', { name: 'eu-west', exact: true }).click();
  await page.getByRole('button', { name: 'Run what-if' }).click();

  const summary = page.getByTestId('what-if-summary');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText(/Losing \d+ clusters/);
  await expect(summary).toContainText('prod-eu-west-aws-1');
  for (const count of ['affected', 'moved', 'partial', 'unplaceable']) {
    await expect(summary.getByTestId(`summary-${count}`)).toHaveText(/^\d+/);
  }
  await expect(summary.getByTestId('summary-atRisk')).toHaveText(/^\d+/);
  // Checkout and the payments ledger run in eu-west: at least they are hit.
  const affected = await summary.getByTestId('summary-affected').innerText();
  expect(parseInt(affected, 10)).toBeGreaterThanOrEqual(2);

  // Capacity before and after, one bar group per region of the fleet.
  for (const resource of ['cpu', 'memory']) {
    const chart = page.getByTestId(`region-capacity-${resource}`);
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    for (const region of ['ap-southeast', 'eu-west', 'us-east']) {
      await expect(chart.getByText(region, { exact: true })).toBeVisible();
    }
  }
  await expect(page.getByTestId('services-at-risk')).toBeVisible();

  // A payments or checkout service, listed with the clusters it moves to.
  const moves = page.getByTestId(
    /^moves-component:default\/(checkout|payments-ledger)$/,
  );
  await expect(moves.first()).toBeVisible();
  await expect(
    moves.filter({ hasText: /prod-eu-west-\S+ \(\d+\) → \S*prod-/ }).first(),
  ).toBeVisible();
  await screenshot(page, 'region-loss-eu-west');
});
