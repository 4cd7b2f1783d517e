import { expect, test } from '@playwright/test';
import { getFromCluster } from './fleet';
import { screenshot, signIn } from './helpers';

/** Workers of a cluster as Cluster API sees them and as its API server does. */
async function workers(cluster: string) {
  const selector = encodeURIComponent(
    `cluster.x-k8s.io/cluster-name=${cluster}`,
  );
  const deployments = await getFromCluster<{
    items: Array<{ spec: { replicas?: number } }>;
  }>(
    'capi',
    `/apis/cluster.x-k8s.io/v1beta2/namespaces/fleet-system/machinedeployments?labelSelector=${selector}`,
  );
  const nodes = await getFromCluster<{
    items: Array<{ metadata: { labels?: Record<string, string> } }>;
  }>(cluster, '/api/v1/nodes');
  return {
    machineDeploymentReplicas: deployments.items.reduce(
      (sum, md) => sum + (md.spec.replicas ?? 0),
      0,
    ),
    nodes: nodes.items.filter(
      n => n.metadata.labels?.['cluster.x-k8s.io/deployment-name'],
    ).length,
  };
}

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
  const fleetBefore = await workers('staging-eu-west-aws-1');
  expect(fleetBefore.nodes).toBe(fleetBefore.machineDeploymentReplicas);
  await scale.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Replicas').fill(String(before + 2));
  await dialog.getByRole('button', { name: 'Scale' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(before + 2));
  // Cluster API took the change: the MachineDeployment, then new Machines
  // whose Nodes joined the workload cluster.
  await expect
    .poll(() => workers('staging-eu-west-aws-1'))
    .toEqual({
      machineDeploymentReplicas: fleetBefore.machineDeploymentReplicas + 2,
      nodes: fleetBefore.nodes + 2,
    });
  await screenshot(page, 'cluster-scaled');
});
