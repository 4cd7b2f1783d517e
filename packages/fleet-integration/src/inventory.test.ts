/**
 * The fleet inventory, from every source, equals what the API servers hold:
 * Karmada Clusters on the control plane, Cluster API Clusters and
 * MachineDeployments on the management cluster, the kubernetes plugin's
 * config clusters and the catalog. Members reached through Karmada's cluster
 * proxy and through CAPI kubeconfig Secrets are read through those paths
 * (their networks come from each member's own kubeadm-config).
 */
import { parse } from 'yaml';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(300_000);

const { fleet, backend } = useBackend({ name: 'inventory', port: 7131 });

async function clustersFrom(source: string): Promise<FleetCluster[]> {
  const res = await backend().ok<{ items: FleetCluster[] }>(
    'GET',
    `/api/multi-cluster/clusters?source=${source}&limit=1000`,
  );
  return res.items;
}

const byName = <T extends { name: string }>(items: T[]) =>
  new Map(items.map(item => [item.name, item]));

const members = fleet.clusters.filter(c => c.kind === 'member');

describe('fleet inventory against the API servers', () => {
  it('holds every Karmada Cluster with its readiness, placement and version', async () => {
    const karmada = adminClients(clusterNamed(fleet, 'karmada'));
    await eventually(async () => {
      const { items } = (await karmada.custom.listClusterCustomObject({
        group: 'cluster.karmada.io',
        version: 'v1alpha1',
        plural: 'clusters',
      })) as { items: any[] };
      const listed = byName(await clustersFrom('karmada'));
      expect([...listed.keys()].sort()).toEqual(
        items.map(c => c.metadata.name).sort(),
      );
      expect(items.length).toBe(
        members.filter(m => m.access === 'karmada-proxy').length,
      );
      for (const cluster of items) {
        const seen = listed.get(cluster.metadata.name)!;
        const ready = cluster.status?.conditions?.find(
          (c: any) => c.type === 'Ready',
        );
        expect(seen.karmada).toEqual({
          controlPlane: 'karmada',
          syncMode: cluster.spec.syncMode,
          ready: ready?.status === 'True',
        });
        expect(seen.region).toBe(cluster.spec.region);
        expect(seen.provider).toBe(cluster.spec.provider);
        expect(seen.sources).toContainEqual({
          type: 'karmada',
          id: 'karmada:karmada',
        });
        expect(seen.capacity.allocatable).toEqual(
          cluster.status.resourceSummary.allocatable,
        );
      }
    }, 180_000);
  });

  it('holds every Cluster API workload cluster with its machine deployments and control plane', async () => {
    const capi = adminClients(clusterNamed(fleet, 'capi'));
    await eventually(async () => {
      const list = async (group: string, plural: string) =>
        (
          (await capi.custom.listNamespacedCustomObject({
            group,
            version: 'v1beta2',
            namespace: 'fleet-system',
            plural,
          })) as { items: any[] }
        ).items;
      const clusters = await list('cluster.x-k8s.io', 'clusters');
      const machineDeployments = await list(
        'cluster.x-k8s.io',
        'machinedeployments',
      );
      const listed = byName(await clustersFrom('cluster-api'));
      expect([...listed.keys()].sort()).toEqual(
        clusters.map(c => c.metadata.name).sort(),
      );
      expect(clusters.length).toBe(members.length);
      for (const cluster of clusters) {
        const lifecycle = listed.get(cluster.metadata.name)!.lifecycle!;
        expect(lifecycle.managementCluster).toBe('capi');
        expect(lifecycle.namespace).toBe('fleet-system');
        expect(lifecycle.phase).toBe(cluster.status?.phase);
        const expected = machineDeployments
          .filter(
            md =>
              md.spec.clusterName === cluster.metadata.name ||
              md.metadata.labels?.['cluster.x-k8s.io/cluster-name'] ===
                cluster.metadata.name,
          )
          .map(md => ({ name: md.metadata.name, replicas: md.spec.replicas }))
          .sort((a, b) => a.name.localeCompare(b.name));
        expect(
          lifecycle.machineDeployments
            .map(md => ({ name: md.name, replicas: md.replicas }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        ).toEqual(expected);
      }
    }, 180_000);
  });

  it('holds the kubernetes plugin config clusters and the catalog clusters', async () => {
    await eventually(async () => {
      const config = await clustersFrom('config');
      expect(config.map(c => c.name).sort()).toEqual(
        members
          .filter(m => m.access === 'direct')
          .map(m => m.name)
          .sort(),
      );
      // Config clusters declare no labels: region and provider come from the
      // members' Nodes.
      for (const cluster of config) {
        const member = clusterNamed(fleet, cluster.name);
        expect(cluster.region).toBe(member.region);
        expect(cluster.provider).toBe(member.provider);
        expect(cluster.health.status).toBe('healthy');
        expect(cluster.health.via).toBe('readyz');
      }
      const catalog = await clustersFrom('catalog');
      expect(catalog.map(c => c.name).sort()).toEqual(
        members.map(m => m.name).sort(),
      );
    }, 180_000);
  });

  // Each member on its own: a loaded machine can time out one detection
  // through the Karmada proxy, and the inventory then lacks that member's
  // networks until its next refresh (a known gap: the last detection is not
  // kept), so every member must show them at some refresh, not all at once.
  it.each(members.map(m => [m.name, m.access] as const))(
    'reads %s through its own access path (%s)',
    async name => {
      const member = clusterNamed(fleet, name);
      const kubeadm = await adminClients(member).core.readNamespacedConfigMap({
        namespace: 'kube-system',
        name: 'kubeadm-config',
      });
      const networking = parse(kubeadm.data!.ClusterConfiguration).networking;
      await eventually(async () => {
        const seen = (await clustersFrom('catalog')).find(
          c => c.name === name,
        )!;
        expect({
          podCidrs: seen.connectivity?.networks?.podCidrs,
          serviceCidrs: seen.connectivity?.networks?.serviceCidrs,
          health: seen.health.status,
        }).toEqual({
          podCidrs: String(networking.podSubnet).split(','),
          serviceCidrs: String(networking.serviceSubnet).split(','),
          health: 'healthy',
        });
      }, 300_000);
    },
  );
});
