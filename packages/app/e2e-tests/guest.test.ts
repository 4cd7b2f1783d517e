import { expect, test, type Page } from '@playwright/test';
import { getFromCluster, replicasInMember } from './fleet';
import { screenshot, signIn } from './helpers';

// Signed in as user:default/guest, a member of team-checkout.

// Also the smoke test of the README's start command (development servers).
test('@guest @smoke signs in and finds the demo catalog', async ({ page }) => {
  await signIn(page);
  // The demo mounts the catalog at the root.
  await page.goto('/?filters[kind]=component&filters[user]=all');
  for (const title of ['Checkout', 'Payments ledger', 'Search API']) {
    await expect(
      page.getByRole('link', { name: title, exact: true }),
    ).toBeVisible();
  }
  await screenshot(page, 'catalog');
});

test('@guest sees replicas per cluster on an owned service', async ({
  page,
}) => {
  await signIn(page, '/catalog/default/component/checkout/multi-cluster');
  await expect(page.getByText('Replicas per cluster')).toBeVisible();
  await expect(page.getByText('Active-active', { exact: true })).toBeVisible();
  // The demo fleet runs checkout 4 / 2 / 4 / 2 across four clusters.
  const euAws = page.getByTestId('replicas-prod-eu-west-aws-1');
  await expect(euAws).toContainText('prod-eu-west-aws-1');
  await expect(euAws.getByRole('cell').nth(3)).toHaveText('4');
  await expect(page.getByText('Region ap-southeast')).toBeVisible();
  await screenshot(page, 'service-multi-cluster');
});

test('@guest filters the fleet page and simulates a placement', async ({
  page,
}) => {
  await signIn(page, '/fleet');
  await expect(page.getByText(/^Clusters \(10 of 10\)$/)).toBeVisible();
  await page.getByTestId('filter-environment').click();
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
  await expect(
    page.getByText(/You are not allowed to scale or upgrade this cluster/),
  ).toBeVisible();
  await screenshot(page, 'cluster-denied');
});

/** payments-ledger's weighted DNS record, as external-dns reads it. */
async function ledgerDnsWeights(): Promise<Record<string, number>> {
  const record = await getFromCluster(
    'prod-us-east-aws-1',
    '/apis/externaldns.k8s.io/v1alpha1/namespaces/shop/dnsendpoints/payments-ledger',
  );
  const weightOf = (e: any) =>
    Number(
      (e.providerSpecific ?? []).find((p: any) => p.name === 'aws/weight')
        ?.value,
    );
  return Object.fromEntries(
    record.spec.endpoints.map((e: any) => [e.setIdentifier, weightOf(e)]),
  );
}

/** Whether Argo CD (on the management cluster) syncs payments-ledger by itself. */
async function ledgerAutoSync(): Promise<boolean> {
  const app = await getFromCluster(
    'capi',
    '/apis/argoproj.io/v1alpha1/namespaces/argocd/applications/payments-ledger',
  );
  return Boolean(app.spec.syncPolicy?.automated);
}

const LEDGER_BEFORE = { 'prod-eu-west-aws-1': 100, 'prod-eu-west-azure-1': 0 };

async function expectStep(page: Page, kind: string, status: string) {
  await expect(page.getByTestId(`step-${kind}`)).toHaveAttribute(
    'data-status',
    status,
  );
}

test('@guest fails over an owned service: traffic, GitOps and state follow, and a rollback undoes it', async ({
  page,
}) => {
  await signIn(
    page,
    '/catalog/default/component/payments-ledger/multi-cluster',
  );
  const primary = page.getByTestId('replicas-prod-eu-west-aws-1');
  await expect(primary.getByRole('cell').nth(3)).toHaveText('4');
  // What the page shows is what the member's API server holds.
  expect(
    await replicasInMember('prod-eu-west-aws-1', 'shop', 'payments-ledger'),
  ).toEqual({ desired: 4, ready: 4 });
  expect(await ledgerDnsWeights()).toEqual(LEDGER_BEFORE);
  expect(await ledgerAutoSync()).toBe(true);
  // The warm standby runs one replica.
  await expect(
    page.getByTestId('replicas-prod-eu-west-azure-1').getByRole('cell').nth(3),
  ).toHaveText('1');

  const failOver = page.getByRole('button', { name: 'Fail over' });
  await expect(failOver).toBeEnabled();
  await failOver.click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Reason (required)')
    .fill('e2e: eu-west AWS outage drill');
  // The source still answers: this is a planned move, not an outage.
  await dialog.getByLabel(/Force/).check();
  await dialog.getByRole('button', { name: 'Preview plan' }).click();
  await expect(dialog.getByTestId('failover-plan')).toContainText(
    'Move 4 replica(s) from prod-eu-west-aws-1 to prod-eu-west-azure-1',
  );
  await screenshot(page, 'failover-plan');
  await dialog.getByRole('button', { name: 'Start failover' }).click();

  const run = page.getByTestId('failover-run');
  await expect(run).toHaveAttribute('data-status', 'succeeded', {
    timeout: 120_000,
  });
  for (const kind of [
    'precheck-source',
    'precheck-target',
    'gitops-pause',
    'state-restore',
    'shift-replicas',
    'traffic-shift',
    'verify',
    'gitops-resume',
    'notify',
  ]) {
    await expectStep(page, kind, 'succeeded');
  }
  // No Argo CD REST API in the demo: the sync itself is skipped, visibly.
  await expectStep(page, 'gitops-sync', 'skipped');
  // What each step recorded: where users went, the data restored.
  // A step's own line comes first, its findings after.
  await expect(
    page.getByTestId('step-outcome-traffic-shift').first(),
  ).toHaveText(/prod-eu-west-aws-1 → prod-eu-west-azure-1/);
  await expect(
    page.getByTestId('step-outcome-state-restore').first(),
  ).toHaveText(/RPO achieved: \d+/);
  await expect(
    page.getByTestId('step-outcome-verify').filter({ hasText: 'read-back' }),
  ).toBeVisible();
  await expect(
    page.getByTestId('step-outcome-gitops-pause').first(),
  ).toBeVisible();
  await screenshot(page, 'failover-done');

  // The replicas moved between the members' API servers, the DNS record
  // sends users to the standby, and Argo CD syncs again after verify.
  await expect
    .poll(() =>
      replicasInMember('prod-eu-west-azure-1', 'shop', 'payments-ledger'),
    )
    .toEqual({ desired: 5, ready: 5 });
  await expect
    .poll(() =>
      replicasInMember('prod-eu-west-aws-1', 'shop', 'payments-ledger'),
    )
    .toEqual({ desired: 0, ready: 0 });
  expect(await ledgerDnsWeights()).toEqual({
    'prod-eu-west-aws-1': 0,
    'prod-eu-west-azure-1': 100,
  });
  expect(await ledgerAutoSync()).toBe(true);
  await expect(
    page.getByTestId('replicas-prod-eu-west-azure-1').getByRole('cell').nth(3),
  ).toHaveText('5', { timeout: 60_000 });

  // A rollback undoes all of it, from what the run recorded.
  await page.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByTestId('failover-run')).toContainText('Rollback', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('failover-run')).toHaveAttribute(
    'data-status',
    'succeeded',
    { timeout: 120_000 },
  );
  await expectStep(page, 'traffic-shift', 'succeeded');
  await expect(
    page.getByTestId('step-outcome-traffic-shift').first(),
  ).toHaveText(/prod-eu-west-azure-1 → prod-eu-west-aws-1/);
  await expect
    .poll(() =>
      replicasInMember('prod-eu-west-aws-1', 'shop', 'payments-ledger'),
    )
    .toEqual({ desired: 4, ready: 4 });
  expect(await ledgerDnsWeights()).toEqual(LEDGER_BEFORE);
  expect(await ledgerAutoSync()).toBe(true);
  await screenshot(page, 'failover-rolled-back');
});

test('@guest runs a DR drill that really moves checkout and measures its RTO', async ({
  page,
}) => {
  await signIn(page, '/catalog/default/component/checkout/multi-cluster');
  const source = 'prod-ap-southeast-gcp-1';
  // In prod-eu, with the payments ledger wherever the failover left it.
  const target = 'prod-eu-west-gcp-1';
  const sourceBefore = await replicasInMember(source, 'shop', 'checkout');
  const targetBefore = await replicasInMember(target, 'shop', 'checkout');
  expect(sourceBefore.desired).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Run drill' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^From cluster/ }).click();
  await page.getByRole('option', { name: source, exact: true }).click();
  await dialog.getByRole('button', { name: /^To cluster/ }).click();
  await page.getByRole('option', { name: target, exact: true }).click();
  await dialog
    .getByLabel('Reason (required)')
    .fill('e2e: quarterly APAC drill');
  // The source is healthy: a drill is a rehearsal of its loss.
  await dialog.getByLabel(/Force/).check();
  await dialog.getByRole('button', { name: 'Preview plan' }).click();
  await expect(dialog.getByTestId('failover-plan')).toContainText(
    `Move ${sourceBefore.desired} replica(s) from ${source} to ${target}`,
  );
  await dialog.getByRole('button', { name: 'Start drill' }).click();

  await expect(page.getByTestId('failover-run')).toHaveAttribute(
    'data-status',
    'succeeded',
    { timeout: 90_000 },
  );
  // The drill moved the replicas in the members' API servers...
  await expect
    .poll(() => replicasInMember(source, 'shop', 'checkout'))
    .toEqual({ desired: 0, ready: 0 });
  const moved = targetBefore.desired + sourceBefore.desired;
  await expect
    .poll(() => replicasInMember(target, 'shop', 'checkout'))
    .toEqual({ desired: moved, ready: moved });
  // ...and its RTO is what it took them to become ready there.
  await expect(
    page.getByText(
      new RegExp(
        `${source} → ${target}: succeeded, RTO .+ \\(met the target\\)`,
      ),
    ),
  ).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'drill-done');
});

test('@guest may not fail over another team’s service', async ({ page }) => {
  await signIn(page, '/catalog/default/component/search-api/multi-cluster');
  await expect(
    page.getByText('Only the owners of this service can fail it over.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fail over' })).toBeDisabled();
  await screenshot(page, 'failover-denied');
});
