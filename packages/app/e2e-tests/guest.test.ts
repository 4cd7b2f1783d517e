import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers';

// Signed in as user:default/guest, a member of team-checkout.

test('@guest signs in and finds the demo catalog', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog?filters[kind]=component&filters[user]=all');
  for (const name of ['checkout', 'payments-ledger', 'search-api']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await screenshot(page, 'catalog');
});

test('@guest sees replicas per cluster on an owned service', async ({ page }) => {
  await signIn(page, '/catalog/default/component/checkout/multi-cluster');
  await expect(page.getByText('Replicas per cluster')).toBeVisible();
  await expect(page.getByText('Active-active', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'prod-eu-west-aws-1' })).toBeVisible();
  await screenshot(page, 'service-multi-cluster');
});

test('@guest filters the fleet page and simulates a placement', async ({ page }) => {
  await signIn(page, '/fleet');
  await expect(page.getByText(/^Clusters \(10 of 10\)$/)).toBeVisible();
  await page.getByLabel('Filter by Environment').click();
  await page.getByRole('option', { name: 'staging' }).click();
  await expect(page.getByText(/^Clusters \(2 of 10\)$/)).toBeVisible();
  await page.getByLabel('Replicas').fill('5');
  await page.getByRole('button', { name: 'Simulate' }).click();
  await expect(page.getByTestId('simulation-split')).toContainText('prod-');
  await screenshot(page, 'fleet');
});

test('@guest may not scale a cluster', async ({ page }) => {
  await signIn(page, '/catalog/default/resource/prod-eu-west-aws-1/cluster');
  await expect(page.getByText('Lifecycle (Cluster API)')).toBeVisible();
  const scale = page.getByRole('button', { name: /^Scale / }).first();
  await expect(scale).toBeDisabled();
  await expect(page.getByText(/You are not allowed to scale or upgrade this cluster/)).toBeVisible();
  await screenshot(page, 'cluster-denied');
});
