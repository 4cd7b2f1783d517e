/**
 * A failover of an active-passive service whose own OverridePolicy sorts
 * after Flotilla's by name, against real API servers. search-api runs on
 * prod-eu-west-gcp-1 with a cold standby on prod-us-east-aws-1 that its own
 * OverridePolicy `search-api-active-passive` (seeded from the scenario)
 * scales to 0. Karmada applies the OverridePolicies that name a Deployment
 * by name, the last one winning (v1.18.2
 * `pkg/util/overridemanager/overridemanager.go`), so Flotilla's policy must
 * be applied after the service's or it puts the replicas back. The members'
 * Deployments, read from their own API servers, hold the moved counts after
 * the failover and the original ones after the rollback.
 */
import type { EntityPlacement } from '@flotilla/plugin-multi-cluster-common';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';
import {
  finishedRun,
  replicasOnMembers,
  resetKarmadaService,
  startFailover,
} from './harness/failover';

jest.setTimeout(900_000);

const { fleet, backend } = useBackend({
  name: 'failover-order',
  port: 7144,
  // A member of team-discovery, which owns search-api.
  guestUser: 'user:default/linus',
  config: { multiCluster: { failover: { timeScale: 0.25 } } },
});

const ENTITY = 'component:default/search-api';
const PRIMARY = 'prod-eu-west-gcp-1';
const STANDBY = 'prod-us-east-aws-1';
const NAMESPACE = 'discovery';
const NAME = 'search-api';
const BASELINE = { [PRIMARY]: 6, [STANDBY]: 0 };

const onMembers = () =>
  replicasOnMembers(fleet, NAMESPACE, NAME, [PRIMARY, STANDBY]);

async function membersRun(expected: Record<string, number>) {
  await eventually(async () => {
    expect(await onMembers()).toEqual(expected);
  }, 180_000);
}

/** The OverridePolicies of the namespace that name search-api's Deployment. */
async function policyNames(): Promise<string[]> {
  const list: {
    items: {
      metadata: { name: string };
      spec: { resourceSelectors?: any[] };
    }[];
  } = await adminClients(
    clusterNamed(fleet, 'karmada'),
  ).custom.listNamespacedCustomObject({
    group: 'policy.karmada.io',
    version: 'v1alpha1',
    namespace: NAMESPACE,
    plural: 'overridepolicies',
  });
  return list.items
    .filter(p => (p.spec.resourceSelectors ?? []).some(s => s.name === NAME))
    .map(p => p.metadata.name);
}

describe('failover past a service’s own OverridePolicy', () => {
  beforeAll(async () => {
    await resetKarmadaService(fleet, {
      namespace: NAMESPACE,
      name: NAME,
      baseline: BASELINE,
    });
  });

  it('moves the replicas to the standby and back, as the members report', async () => {
    // The plan starts from what the backend reads on the members.
    await eventually(async () => {
      const placement = await backend().ok<EntityPlacement>(
        'GET',
        '/api/multi-cluster/entities/component/default/search-api/placement',
      );
      expect(placement.errors).toEqual([]);
      expect(
        Object.fromEntries(
          placement.actual.clusters.map(c => [c.cluster, c.replicas]),
        ),
      ).toEqual(BASELINE);
    }, 180_000);
    const started = await eventually(
      () =>
        startFailover(backend(), {
          entityRef: ENTITY,
          from: PRIMARY,
          to: STANDBY,
          reason: 'integration: failover past the service’s own policy',
          force: true,
        }),
      180_000,
      2000,
    );
    const run = await finishedRun(backend(), started.id);
    expect(run.plan.moves).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ cluster: PRIMARY, before: 6, after: 0 }),
        expect.objectContaining({ cluster: STANDBY, before: 0, after: 6 }),
      ]),
    );
    expect([run.status, run.error]).toEqual(['succeeded', undefined]);
    await membersRun({ [PRIMARY]: 0, [STANDBY]: 6 });
    // Flotilla's policy sorts after the service's own.
    const names = (await policyNames()).sort();
    expect(names).toContain('search-api-active-passive');
    expect(names[names.length - 1]).toMatch(/flotilla-failover-search-api$/);

    const res = await backend().request<{ id: string }>(
      'POST',
      `/api/multi-cluster/failovers/${run.id}/rollback`,
      { reason: 'integration: back to the primary' },
    );
    expect(res.status).toBe(202);
    const rollback = await finishedRun(backend(), res.body.id);
    expect([rollback.status, rollback.error]).toEqual(['succeeded', undefined]);
    await membersRun(BASELINE);
  });
});
