/**
 * The Open Cluster Management hub as a cluster source, against the real hub
 * (`ocm-hub`) the fleet simulator keeps: every ManagedCluster is a fleet
 * cluster with source `ocm` among its sources, its labels, cluster set and
 * claims as the hub holds them, its availability from the hub; and the
 * storefront's entity placement shows its OCM Placement and the clusters
 * the hub decided.
 */
import type {
  EntityPlacement,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(300_000);

const { fleet, backend } = useBackend({ name: 'ocm', port: 7140 });

const GROUP = 'cluster.open-cluster-management.io';
const hub = () => adminClients(clusterNamed(fleet, 'ocm-hub'));

async function hubList(
  version: string,
  plural: string,
  namespace?: string,
): Promise<any[]> {
  const { custom } = hub();
  const res = (await (namespace
    ? custom.listNamespacedCustomObject({
        group: GROUP,
        version,
        namespace,
        plural,
      })
    : custom.listClusterCustomObject({ group: GROUP, version, plural }))) as {
    items: any[];
  };
  return res.items;
}

async function clustersFrom(source: string): Promise<FleetCluster[]> {
  const res = await backend().ok<{ items: FleetCluster[] }>(
    'GET',
    `/api/multi-cluster/clusters?source=${source}&limit=1000`,
  );
  return res.items;
}

describe('the OCM hub as a cluster source', () => {
  it('lists every ManagedCluster with source ocm, its labels, cluster set, claims and availability', async () => {
    const managed = fleet.clusters.filter(c => c.ocmManaged);
    expect(managed.length).toBeGreaterThan(0);
    await eventually(async () => {
      const items = await hubList('v1', 'managedclusters');
      expect(items.map(c => c.metadata.name).sort()).toEqual(
        managed.map(c => c.name).sort(),
      );
      // The simulator has registered each (claims written).
      for (const mc of items) {
        expect(mc.status?.clusterClaims?.length).toBeGreaterThan(0);
      }
      // Every cluster that carries source ocm, whatever its primary source.
      const all = await backend().ok<{ items: FleetCluster[] }>(
        'GET',
        '/api/multi-cluster/clusters?limit=1000',
      );
      const listed = new Map(
        all.items
          .filter(c => c.sources.some(s => s.type === 'ocm'))
          .map(c => [c.name, c]),
      );
      expect([...listed.keys()].sort()).toEqual(
        items.map(c => c.metadata.name).sort(),
      );
      // The source filter finds them as well.
      expect((await clustersFrom('ocm')).map(c => c.name).sort()).toEqual(
        [...listed.keys()].sort(),
      );
      for (const mc of items) {
        const seen = listed.get(mc.metadata.name)!;
        expect(seen.sources).toContainEqual({ type: 'ocm', id: 'ocm:ocm-hub' });
        // OCM's labels win over every other source's.
        expect(seen.labels).toMatchObject(mc.metadata.labels);
        const claims = Object.fromEntries(
          mc.status.clusterClaims.map((c: any) => [c.name, c.value]),
        );
        const available = mc.status.conditions.find(
          (c: any) => c.type === 'ManagedClusterConditionAvailable',
        );
        expect(seen.ocm).toMatchObject({
          hub: 'ocm-hub',
          clusterSet: mc.metadata.labels[`${GROUP}/clusterset`],
          hubAcceptsClient: true,
          claims,
          available: { status: available.status },
        });
        // The hub's capacity, when it reported one.
        expect(seen.capacity.total ?? mc.status.capacity).toEqual(
          mc.status.capacity,
        );
      }
    }, 180_000);
  });

  it("shows the storefront's OCM Placement and the clusters the hub decided", async () => {
    await eventually(async () => {
      const [placement] = (await hubList('v1beta1', 'placements')).filter(
        p => p.metadata.labels?.['backstage.io/kubernetes-id'] === 'storefront',
      );
      expect(placement).toBeDefined();
      const decisions = (
        await hubList(
          'v1beta1',
          'placementdecisions',
          placement.metadata.namespace,
        )
      )
        .filter(
          d =>
            d.metadata.labels?.[`${GROUP}/placement`] ===
            placement.metadata.name,
        )
        .flatMap(d => d.status?.decisions ?? [])
        .map((d: any) => d.clusterName);
      expect(decisions.length).toBeGreaterThan(0);
      const answer = await backend().ok<EntityPlacement>(
        'GET',
        '/api/multi-cluster/entities/component/default/storefront/placement',
      );
      expect(answer.errors.filter(e => e.cluster.startsWith('ocm:'))).toEqual(
        [],
      );
      expect(answer.desired.ocm).toEqual([
        expect.objectContaining({
          hub: 'ocm-hub',
          namespace: placement.metadata.namespace,
          name: placement.metadata.name,
          clusterSets: placement.spec.clusterSets,
          numberOfClusters: placement.spec.numberOfClusters,
          predicates: [
            'labels: region In (eu-west,us-east); claims: platform.open-cluster-management.io In (AWS)',
          ],
          satisfied: expect.objectContaining({ status: 'True' }),
        }),
      ]);
      expect(answer.desired.ocm![0].decisions.map(d => d.cluster)).toEqual(
        decisions,
      );
    }, 180_000);
  });
});
