import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers';

// Signed in as user:default/platform-guest (app-config.platform-admin.yaml).

test('@platform scales a MachineDeployment and sees the new count', async ({
  page,
}) => {
  await signIn(page, '/catalog/default/resource/staging-eu-west-aws-1/cluster');
  await expect(page.getByText('Lifecycle (Cluster API)')).toBeVisible();
  const scale = page.getByRole('button', { name: /^Scale / }).first();
  await expect(scale).toBeEnabled();
  const row = page.getByRole('row').filter({ has: scale });
  const before = Number(await row.getByRole('cell').nth(3).innerText());
  await scale.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Replicas').fill(String(before + 2));
  await dialog.getByRole('button', { name: 'Scale' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(before + 2));
  await screenshot(page, 'cluster-scaled');
});
