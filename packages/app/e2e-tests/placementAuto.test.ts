import { expect, test, type Page } from '@playwright/test';
import { parseAllDocuments } from 'yaml';
import { requestCluster } from './fleet';
import { screenshot, signIn } from './helpers';

// `--region=auto` from the Scaffolder: the placement picker's advice, the
// PropagationPolicy the template generates from it, and where the local
// fleet's Karmada (the simulator's scheduler) then places the workload.

const namespace = 'default';
const policies = `/apis/policy.karmada.io/v1alpha1/namespaces/${namespace}/propagationpolicies`;
const deployments = `/apis/apps/v1/namespaces/${namespace}/deployments`;

/** Whether a placement request asks with the template's defaults (eu, prod). */
function asksWithDefaults(body: unknown) {
  const asked = body as {
    allowedJurisdictions?: string[];
    requiredLabels?: Record<string, string>;
  } | null;
  return (
    asked?.allowedJurisdictions?.join() === 'eu' &&
    asked?.requiredLabels?.['flotilla.io/environment'] === 'prod'
  );
}

/** Fills the form with its defaults (placement `auto`); returns the clusters the advice shows. */
async function fillKeepingAuto(page: Page, name: string) {
  await page.getByRole('textbox', { name: /Workload name/ }).fill(name);
  // The placement step's defaults reach the form after its first render,
  // so the picker may ask twice: only the advice for the defaults counts.
  const adviceForDefaults = page.waitForResponse(
    response =>
      response.url().endsWith('/placement/recommend') &&
      asksWithDefaults(response.request().postDataJSON()),
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await adviceForDefaults;
  await expect(page.getByTestId('placement-advice')).toHaveAttribute(
    'aria-busy',
    'false',
  );
  const picks = page.getByTestId('auto-pick');
  await expect(picks.first()).toBeVisible();
  const advised = await picks.evaluateAll(chips =>
    chips.map(chip => chip.getAttribute('data-cluster')!),
  );
  await screenshot(page, 'template-placement-auto');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Review' }).click();
  return advised.sort();
}

/** The generated PropagationPolicy, read from the task's output. */
async function generatedPolicy(page: Page) {
  // One button per text output once the task has finished.
  const button = page
    .getByTestId('output-box')
    .getByRole('button', { name: 'Karmada policies' });
  await expect(button).toBeVisible({ timeout: 60_000 });
  await button.click();
  const code = page.locator('code', { hasText: 'kind: PropagationPolicy' });
  await expect(code.first()).toBeVisible();
  const documents = parseAllDocuments((await code.first().textContent())!);
  return documents
    .map(d => d.toJS())
    .find(d => d?.kind === 'PropagationPolicy');
}

test('@guest creates a service from a template with auto, placed where the advisor said', async ({
  page,
}) => {
  const name = `auto-e2e-${Date.now().toString(36)}`;
  await signIn(
    page,
    '/create/templates/default/new-multi-cluster-service-karmada',
  );
  const advised = await fillKeepingAuto(page, name);
  expect(advised.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Create' }).click();
  const policy = await generatedPolicy(page);
  expect(policy.metadata.name).toBe(name);

  try {
    await requestCluster('karmada', 'POST', deployments, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace, labels: { app: name } },
      spec: {
        replicas: 6,
        selector: { matchLabels: { app: name } },
        template: {
          metadata: { labels: { app: name } },
          spec: {
            containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.9' }],
          },
        },
      },
    });
    await requestCluster('karmada', 'POST', policies, policy);
    await expect
      .poll(
        async () => {
          const binding = await requestCluster(
            'karmada',
            'GET',
            `/apis/work.karmada.io/v1alpha2/namespaces/${namespace}/resourcebindings/${name}-deployment`,
          ).catch(() => undefined);
          return (binding?.spec?.clusters ?? [])
            .map((c: { name: string }) => c.name)
            .sort();
        },
        { timeout: 120_000 },
      )
      .toEqual(advised);
  } finally {
    await requestCluster('karmada', 'DELETE', `${policies}/${name}`).catch(
      () => undefined,
    );
    await requestCluster('karmada', 'DELETE', `${deployments}/${name}`).catch(
      () => undefined,
    );
  }
});
