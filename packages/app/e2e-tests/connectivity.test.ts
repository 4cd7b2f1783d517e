import { expect, test } from '@playwright/test';
import { screenshot, screenshotOf, signIn } from './helpers';

// The local fleet (packages/fleet-simulator/scenario/fleet.yaml): prod-eu and
// prod-us (Cilium Cluster Mesh), prod-global (Istio) and prod-apac (Istio,
// not yet joined) are detected in the members' API servers; staging declares
// an MCS set in the catalog with kubeadm's default networks on both
// clusters. prod-eu-west-azure-1 borrows from prod-eu-west-gcp-1 through
// Liqo, prod-us-east-azure-1 from an on-premises data centre through
// Admiralty.

test('@guest sees cluster sets, the CIDR overlap, borrowed capacity and add-on coverage', async ({
  page,
}) => {
  await signIn(page, '/fleet');
  const card = page.getByTestId('fleet-connectivity');
  await expect(card).toBeVisible();

  // Cluster sets and the fabrics that join them.
  await expect(card.getByText('prod-eu', { exact: true })).toBeVisible();
  await expect(card.getByText('prod-global', { exact: true })).toBeVisible();
  await expect(card.getByText('Istio multi-cluster').first()).toBeVisible();
  await expect(card.getByText('Cilium Cluster Mesh').first()).toBeVisible();
  await expect(card.getByText('dev-eu-west-aws-1').first()).toBeVisible();
  await screenshotOf(card, 'fleet-cluster-sets');

  // The staging clusters share 10.244.0.0/16 with no Globalnet.
  await card.getByRole('tab', { name: /Findings/ }).click();
  await expect(
    card.getByText(
      'staging-eu-west-aws-1 and staging-us-east-gcp-1 use the same CIDR 10.244.0.0/16 in cluster set staging',
    ),
  ).toBeVisible();
  // Its pod range lies inside prod-eu-west-gcp-1's (read from kubeadm-config).
  await expect(
    card.getByText(
      'prod-eu-west-azure-1 and prod-eu-west-gcp-1 have overlapping CIDRs in cluster set prod-eu',
    ),
  ).toBeVisible();
  await screenshotOf(card, 'fleet-connectivity-findings');

  // The Liqo node is prod-eu-west-gcp-1's capacity, counted there only;
  // the Admiralty target outside the fleet adds 32 CPUs.
  await card.getByRole('tab', { name: /Borrowed capacity/ }).click();
  await expect(card.getByText('liqo-prod-eu-west-gcp-1')).toBeVisible();
  await expect(
    card.getByText('admiralty-discovery-onprem-dc1-7f9c2'),
  ).toBeVisible();
  await expect(card.getByText(/outside the fleet/).first()).toBeVisible();
  await expect(card.getByText(/counted once/i).first()).toBeVisible();
  await expect(card.getByText(/cpu 864/).first()).toBeVisible();
  await screenshotOf(card, 'fleet-borrowed-capacity');

  await card.getByRole('tab', { name: /Add-on coverage/ }).click();
  await expect(card.getByText('kyverno-baseline').first()).toBeVisible();
  await expect(
    card.getByTestId('addon-kyverno-baseline-prod-ap-southeast-gcp-1'),
  ).toContainText(/drifted/i);
  await expect(
    card.getByTestId('addon-kyverno-baseline-dev-eu-west-aws-1'),
  ).toContainText(/missing/i);
  await screenshotOf(card, 'fleet-addon-coverage');
});

test('@guest sees where checkout is exported and which cluster cannot reach the ledger', async ({
  page,
}) => {
  await signIn(page, '/catalog/default/component/checkout/multi-cluster');
  const exposure = page.getByTestId('exposure-card');
  await expect(
    exposure.getByText('checkout.shop.svc.clusterset.local').first(),
  ).toBeVisible();
  await expect(
    exposure.getByText(/prod-ap-southeast-gcp-1 cannot reach/).first(),
  ).toBeVisible();
  await expect(
    page
      .getByText(
        /prod-ap-southeast-gcp-1 shares no cluster set with component:default\/payments-ledger/,
      )
      .first(),
  ).toBeVisible();
  await screenshot(page, 'service-exposure');
});

test('@guest sees a cluster’s fabrics and the capacity it borrows', async ({
  page,
}) => {
  await signIn(page, '/catalog/default/resource/prod-eu-west-azure-1/cluster');
  await expect(
    page.getByText('prod-eu', { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByText('liqo-prod-eu-west-gcp-1').first()).toBeVisible();
  await screenshot(page, 'cluster-connectivity');
});
