/**
 * Entity placement over a fleet larger than `placement.liveReadLimit` (1
 * here): each inspection pass takes a workload census of every reachable
 * cluster through the real API servers (members reached through the Karmada
 * proxy, CAPI kubeconfig Secrets and direct config), and a placement reads
 * only the clusters the census cannot rule out. It finds exactly what the
 * members hold, says how many clusters it did not read, and sees a
 * Deployment created elsewhere once the next pass has counted it.
 */
import crypto from 'node:crypto';
import type { EntityPlacement } from '@flotilla/plugin-multi-cluster-common';
import {
  inspections,
  loggedInspections,
  triggeredRefresh,
} from './harness/backendLog';
import { deploymentsIn, placedDeployments } from './harness/deployments';
import { eventually } from '@flotilla/test-kit';
import { adminClients } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(600_000);

const { fleet, backend } = useBackend({
  name: 'census',
  port: 7139,
  config: {
    multiCluster: {
      placement: { liveReadLimit: 1 },
      // The start-up refresh and the ones this test triggers, no others: a
      // scheduled pass, or one for a change in the catalog, must not count
      // a Deployment before the test expects.
      refresh: { frequency: { minutes: 30 } },
      catalog: { watchFrequency: { minutes: 30 } },
    },
  },
});

const placementOf = (name: string) =>
  backend().ok<EntityPlacement>(
    'GET',
    `/api/multi-cluster/entities/component/default/${name}/placement`,
  );

/** Waits for an inspection pass that took the census, after the first `seen`. */
async function censusPass(seen: number) {
  const passes = await inspections(backend(), seen + 1, 300_000);
  expect(passes[seen].clusters).toBeGreaterThan(1);
  return passes;
}

describe('the workload census of a fleet over the live-read limit', () => {
  it('reads only the clusters that run checkout, and finds every Deployment of it', async () => {
    await censusPass(0);
    const { totalCount } = await backend().ok<{ totalCount: number }>(
      'GET',
      '/api/multi-cluster/clusters?limit=1',
    );
    await eventually(async () => {
      const expected = await deploymentsIn(fleet, 'checkout');
      const placement = await placementOf('checkout');
      expect(placement.errors).toEqual([]);
      expect(placedDeployments(placement)).toEqual(expected);
      // Every cluster it skipped was counted, and it skipped some.
      expect(placement.notRead?.clusters).toBeGreaterThan(0);
      expect(placement.notRead!.clusters).toBeLessThanOrEqual(
        totalCount - new Set(expected.map(d => d.cluster)).size,
      );
    }, 180_000);
  });

  describe('a Deployment created after the census', () => {
    const name = `it-census-${crypto.randomBytes(3).toString('hex')}`;
    let member: (typeof fleet.clusters)[number];

    afterAll(async () => {
      if (member) {
        await adminClients(member)
          .apps.deleteNamespacedDeployment({ namespace: 'default', name })
          .catch(() => undefined);
      }
    });

    it('shows in placement once the next inspection pass counted it', async () => {
      const running = new Set(
        (await deploymentsIn(fleet, 'search-api')).map(d => d.cluster),
      );
      member = fleet.clusters.find(
        c => c.kind === 'member' && !running.has(c.name),
      )!;
      expect(member).toBeDefined();
      // The census of `member` has no search-api: its placement skips it.
      const before = await placementOf('search-api');
      expect(before.actual.clusters.map(c => c.cluster)).not.toContain(
        member.name,
      );
      await adminClients(member).apps.createNamespacedDeployment({
        namespace: 'default',
        body: {
          metadata: {
            name,
            labels: { app: name, 'backstage.io/kubernetes-id': 'search-api' },
          },
          spec: {
            replicas: 0,
            selector: { matchLabels: { app: name } },
            template: {
              metadata: { labels: { app: name } },
              spec: {
                containers: [
                  { name: 'app', image: 'registry.k8s.io/pause:3.9' },
                ],
              },
            },
          },
        },
      });
      // Until the census counts it, the cluster stays ruled out (the census
      // is at most three refresh intervals old, as documented).
      const stillSkipped = await placementOf('search-api');
      expect(stillSkipped.actual.clusters.map(c => c.cluster)).not.toContain(
        member.name,
      );
      const seen = loggedInspections(backend()).length;
      await triggeredRefresh(backend(), 300_000);
      await censusPass(seen);
      const after = await placementOf('search-api');
      expect(after.errors).toEqual([]);
      expect(placedDeployments(after)).toEqual(
        await deploymentsIn(fleet, 'search-api'),
      );
      expect(
        after.actual.clusters.find(c => c.cluster === member.name)?.workloads,
      ).toEqual([expect.objectContaining({ name, kind: 'Deployment' })]);
    });
  });
});
