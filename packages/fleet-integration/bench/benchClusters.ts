/**
 * What the bench writes into its fleet: Karmada Clusters registered through
 * the karmada kube-apiserver (aggregated API, admin credentials), each
 * sharing the apiEndpoint and secrets of one of a few member API servers;
 * the bench entity's Deployment in the members that run it; and the entity
 * itself as a catalog file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { FleetDescription } from '@flotilla/fleet-simulator';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from '../src/harness/fleet';

const KARMADA_CLUSTERS = {
  group: 'cluster.karmada.io',
  version: 'v1alpha1',
  plural: 'clusters',
};

/** The bench entity, as the catalog and its members' Deployments name it. */
export const BENCH_ENTITY = {
  name: 'fleet-bench',
  kubernetesId: 'fleet-bench',
  namespace: 'fleet-bench',
  replicasPerMember: 2,
};

export interface KarmadaCluster {
  metadata: { name: string; labels?: Record<string, string> };
  spec: Record<string, any>;
  status?: {
    conditions?: Array<{ type: string; status: string; reason?: string }>;
  };
}

/**
 * Spreads `counts` (how many Clusters map to each member) over one list, so
 * that each member's Clusters are evenly interleaved in name order (the
 * order the backend walks the inventory in) rather than in runs.
 */
export function interleave(counts: Record<string, number>): string[] {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const placed: Record<string, number> = Object.fromEntries(
    Object.keys(counts).map(member => [member, 0]),
  );
  const out: string[] = [];
  for (let i = 1; i <= total; i++) {
    // The member furthest behind its fair share of the first i slots.
    let next = '';
    let deficit = -Infinity;
    for (const [member, count] of Object.entries(counts)) {
      const behind = (count * i) / total - placed[member];
      if (placed[member] < count && behind > deficit) {
        next = member;
        deficit = behind;
      }
    }
    placed[next] += 1;
    out.push(next);
  }
  return out;
}

export function benchClusterName(index: number): string {
  return `bench-${String(index + 1).padStart(4, '0')}`;
}

/** Every Karmada Cluster on the control plane (through the aggregated API). */
export async function listKarmadaClusters(
  fleet: FleetDescription,
): Promise<KarmadaCluster[]> {
  const { custom } = adminClients(clusterNamed(fleet, 'karmada'));
  const list = (await custom.listClusterCustomObject(KARMADA_CLUSTERS)) as {
    items: KarmadaCluster[];
  };
  return list.items;
}

/** Runs `task` over `items`, at most `concurrency` at once. */
async function eachLimited<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Registers a Push Cluster named `bench-NNNN` per entry of `members` (the
 * member it maps to), with the spec of that member's own Cluster (the one
 * the simulator joined): same apiEndpoint (the member's fault proxy), same
 * secretRef and impersonatorSecretRef, provider and region. Existing ones
 * are left as they are.
 */
export async function registerBenchClusters(
  fleet: FleetDescription,
  members: string[],
): Promise<void> {
  const { custom } = adminClients(clusterNamed(fleet, 'karmada'));
  const joined = new Map(
    (await eventually(() => listKarmadaClusters(fleet), 120_000, 2000)).map(
      c => [c.metadata.name, c],
    ),
  );
  const specs = new Map<string, Record<string, any>>();
  for (const member of new Set(members)) {
    const own = joined.get(member);
    if (!own) throw new Error(`the simulator did not join ${member}`);
    const { apiEndpoint, secretRef, impersonatorSecretRef, provider, region } =
      own.spec;
    specs.set(member, {
      syncMode: 'Push',
      apiEndpoint,
      secretRef,
      impersonatorSecretRef,
      provider,
      region,
    });
  }
  await eachLimited(
    members.map((member, index) => ({ member, name: benchClusterName(index) })),
    8,
    async ({ member, name }) => {
      if (joined.has(name)) return;
      const body = {
        apiVersion: 'cluster.karmada.io/v1alpha1',
        kind: 'Cluster',
        metadata: {
          name,
          labels: {
            'flotilla.io/environment': 'bench',
            'flotilla.io/bench-member': member,
          },
        },
        spec: specs.get(member),
      };
      // The aggregation layer answers 503 while it deems the aggregated
      // API server unavailable (a missed availability check on a busy
      // machine): retried; a 409 is a Cluster an earlier attempt created.
      await eventually(
        () =>
          custom
            .createClusterCustomObject({ ...KARMADA_CLUSTERS, body })
            .catch(error => {
              if (error?.code !== 409) throw error;
            }),
        120_000,
        2000,
      );
    },
  );
}

/** The Ready condition's status of each Cluster ('Unknown' before its first status). */
export function readiness(clusters: KarmadaCluster[]): Map<string, string> {
  return new Map(
    clusters.map(c => [
      c.metadata.name,
      c.status?.conditions?.find(x => x.type === 'Ready')?.status ?? 'Unknown',
    ]),
  );
}

/** The bench entity's Deployment in a member (straight to its API server, as its operator). */
export async function deployBenchWorkload(
  fleet: FleetDescription,
  member: string,
): Promise<void> {
  const { core, apps } = adminClients(clusterNamed(fleet, member));
  const ignoreExisting = (error: any) => {
    if (error?.code !== 409) throw error;
  };
  await core
    .createNamespace({ body: { metadata: { name: BENCH_ENTITY.namespace } } })
    .catch(ignoreExisting);
  const labels = {
    app: `${BENCH_ENTITY.name}-api`,
    'backstage.io/kubernetes-id': BENCH_ENTITY.kubernetesId,
  };
  await apps
    .createNamespacedDeployment({
      namespace: BENCH_ENTITY.namespace,
      body: {
        metadata: { name: `${BENCH_ENTITY.name}-api`, labels },
        spec: {
          replicas: BENCH_ENTITY.replicasPerMember,
          selector: { matchLabels: { app: labels.app } },
          template: {
            metadata: { labels },
            spec: {
              containers: [
                {
                  name: 'api',
                  image: 'registry.k8s.io/pause:3.9',
                  resources: { requests: { cpu: '100m', memory: '64Mi' } },
                },
              ],
            },
          },
        },
      },
    })
    .catch(ignoreExisting);
}

/** The bench entity as a catalog file; returns its path. */
export function writeBenchEntity(dir: string): string {
  const file = path.join(dir, 'fleet-bench-entity.yaml');
  fs.writeFileSync(
    file,
    stringify({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: {
        name: BENCH_ENTITY.name,
        description:
          'The fleet-scale bench workload: runs on 200 of 1,000 Karmada Clusters',
        annotations: {
          'backstage.io/kubernetes-id': BENCH_ENTITY.kubernetesId,
          'backstage.io/kubernetes-namespace': BENCH_ENTITY.namespace,
        },
      },
      spec: {
        type: 'service',
        lifecycle: 'experimental',
        owner: 'group:platform-team',
      },
    }),
  );
  return file;
}
