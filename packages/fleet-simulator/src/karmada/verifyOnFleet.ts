/**
 * An end-to-end check of Karmada on a running fleet (and simulator), as a
 * user with `kubectl` would make it, through @kubernetes/client-node and
 * `<fleet dir>/kubeconfig`:
 *   1. Clusters listed through the karmada apiserver (aggregation layer), Ready;
 *   2. a request to a member through `clusters/{name}/proxy`;
 *   3. a stale update of a Cluster refused with 409 Conflict;
 *   4. a Deployment template with a PropagationPolicy reaching the members
 *      in the policy's static weights;
 *   5. an OverridePolicy (as Flotilla's failover writes it) moving replicas;
 *   6. deleting the template removing it from the members.
 * Usage: FLOTILLA_FLEET_DIR=... node --require @backstage/cli/config/nodeTransform.cjs src/karmada/verifyOnFleet.ts
 */
import path from 'node:path';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
} from '@kubernetes/client-node';
import { fleetDir, readFleet } from '../fleet';
import { karmadaMembers } from './seedManifests';
import { statusCode } from './kube';
import type { Cluster } from './clusterTypes';

const DEADLINE_MS = 60_000;

function contextConfig(file: string, context: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(file);
  kc.setCurrentContext(context);
  return kc;
}

/** The member as Flotilla reaches it: the karmada context, server = the cluster proxy path. */
function throughProxy(karmada: KubeConfig, cluster: string): KubeConfig {
  const kc = new KubeConfig();
  const base = karmada.getCurrentCluster()!;
  kc.loadFromOptions({
    clusters: [
      {
        ...base,
        name: cluster,
        server: `${base.server}/apis/cluster.karmada.io/v1alpha1/clusters/${cluster}/proxy`,
      },
    ],
    users: [karmada.getCurrentUser()!],
    contexts: [
      { name: cluster, cluster, user: karmada.getCurrentUser()!.name },
    ],
    currentContext: cluster,
  });
  return kc;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < DEADLINE_MS) {
    try {
      const value = await probe();
      if (value !== undefined) return { value, ms: Date.now() - started };
    } catch (error) {
      last = error;
    }
    await new Promise(resolve => setTimeout(resolve, 250));
  }
  throw new Error(
    `${what}: not within ${DEADLINE_MS / 1000}s${
      last ? ` (${(last as Error).message.slice(0, 200)})` : ''
    }`,
  );
}

/** What every step reaches the fleet with. */
interface Check {
  kubeconfig: string;
  karmada: KubeConfig;
  custom: CustomObjectsApi;
  members: string[];
  say: (message: string) => void;
}

/** The test Deployment, its policies' names and the two members it goes to. */
interface Workload {
  name: string;
  namespace: string;
  a: string;
  b: string;
  replicasOn: (member: string) => Promise<number | undefined>;
}

async function clustersReady({ custom, members, say }: Check) {
  const clusters = await until('every member Ready', async () => {
    const list = (await custom.listClusterCustomObject({
      group: 'cluster.karmada.io',
      version: 'v1alpha1',
      plural: 'clusters',
    })) as { items: Cluster[] };
    const ready = list.items.filter(c =>
      c.status?.conditions?.some(
        x => x.type === 'Ready' && x.status === 'True',
      ),
    );
    return members.every(m => ready.some(c => c.metadata.name === m))
      ? list.items
      : undefined;
  });
  say(
    `1. ${
      clusters.value.length
    } Clusters listed through the aggregation layer, all Ready (${
      clusters.ms
    } ms): ${clusters.value
      .map(
        c =>
          `${c.metadata.name} ${c.status!.kubernetesVersion} cpu=${
            c.status!.resourceSummary?.allocatable?.cpu ?? '-'
          }`,
      )
      .join('; ')}`,
  );
}

async function requestThroughProxy({ karmada, members, say }: Check) {
  const started = Date.now();
  const ns = await throughProxy(karmada, members[0])
    .makeApiClient(CoreV1Api)
    .readNamespace({ name: 'kube-system' });
  say(
    `2. GET namespace ${ns.metadata?.name} of ${members[0]} through clusters/${
      members[0]
    }/proxy (${Date.now() - started} ms)`,
  );
}

async function staleUpdateRefused({ custom, members, say }: Check) {
  const current = (await custom.getClusterCustomObject({
    group: 'cluster.karmada.io',
    version: 'v1alpha1',
    plural: 'clusters',
    name: members[0],
  })) as Cluster;
  const stale = {
    ...current,
    metadata: {
      ...current.metadata,
      resourceVersion: String(Number(current.metadata.resourceVersion) - 1),
    },
  };
  try {
    await custom.replaceClusterCustomObject({
      group: 'cluster.karmada.io',
      version: 'v1alpha1',
      plural: 'clusters',
      name: members[0],
      body: stale,
    });
    throw new Error('a stale update was accepted');
  } catch (error) {
    if (statusCode(error) !== 409) throw error;
  }
  say('3. a Cluster update with a stale resourceVersion answered 409 Conflict');
}

function workload({ kubeconfig, members }: Check): Workload {
  const name = `verify-${Date.now().toString(36)}`;
  const namespace = 'default';
  const [a, b] = members;
  const replicasOn = async (member: string) => {
    const kc = contextConfig(kubeconfig, member);
    try {
      return (
        await kc
          .makeApiClient(AppsV1Api)
          .readNamespacedDeployment({ name, namespace })
      ).spec?.replicas;
    } catch (error) {
      if (statusCode(error) === 404) return undefined;
      throw error;
    }
  };
  return { name, namespace, a, b, replicasOn };
}

async function propagatedWeighted(check: Check, w: Workload) {
  const { karmada, custom, say } = check;
  const { name, namespace, a, b, replicasOn } = w;
  const apps = karmada.makeApiClient(AppsV1Api);
  await apps.createNamespacedDeployment({
    namespace,
    body: {
      metadata: {
        name,
        labels: { app: name, 'backstage.io/kubernetes-id': name },
      },
      spec: {
        replicas: 6,
        selector: { matchLabels: { app: name } },
        template: {
          metadata: { labels: { app: name } },
          spec: {
            containers: [
              {
                name,
                image: 'registry.k8s.io/pause:3.9',
                resources: { requests: { cpu: '100m' } },
              },
            ],
          },
        },
      },
    },
  });
  await custom.createNamespacedCustomObject({
    group: 'policy.karmada.io',
    version: 'v1alpha1',
    namespace,
    plural: 'propagationpolicies',
    body: {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'PropagationPolicy',
      metadata: { name, namespace },
      spec: {
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name },
        ],
        placement: {
          clusterAffinity: { clusterNames: [a, b] },
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            replicaDivisionPreference: 'Weighted',
            weightPreference: {
              staticWeightList: [
                { targetCluster: { clusterNames: [a] }, weight: 2 },
                { targetCluster: { clusterNames: [b] }, weight: 1 },
              ],
            },
          },
        },
      },
    },
  });
  const propagated = await until('the template on both members 4/2', async () =>
    (await replicasOn(a)) === 4 && (await replicasOn(b)) === 2
      ? true
      : undefined,
  );
  say(
    `4. Deployment ${namespace}/${name} propagated: ${a}=4, ${b}=2 (${propagated.ms} ms)`,
  );
}

async function overriddenByPolicy({ custom, say }: Check, w: Workload) {
  const { name, namespace, a, b, replicasOn } = w;
  await custom.createNamespacedCustomObject({
    group: 'policy.karmada.io',
    version: 'v1alpha1',
    namespace,
    plural: 'overridepolicies',
    body: {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'OverridePolicy',
      metadata: { name: `flotilla-failover-${name}`, namespace },
      spec: {
        resourceSelectors: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name, namespace },
        ],
        overrideRules: [
          {
            targetCluster: { clusterNames: [a] },
            overriders: {
              plaintext: [
                { path: '/spec/replicas', operator: 'replace', value: 0 },
              ],
            },
          },
          {
            targetCluster: { clusterNames: [b] },
            overriders: {
              plaintext: [
                { path: '/spec/replicas', operator: 'replace', value: 6 },
              ],
            },
          },
        ],
      },
    },
  });
  const moved = await until('the override on the members 0/6', async () =>
    (await replicasOn(a)) === 0 && (await replicasOn(b)) === 6
      ? true
      : undefined,
  );
  say(`5. OverridePolicy moved the replicas: ${a}=0, ${b}=6 (${moved.ms} ms)`);
}

async function deletedFromMembers(
  { karmada, custom, say }: Check,
  w: Workload,
) {
  const { name, namespace, a, b, replicasOn } = w;
  const apps = karmada.makeApiClient(AppsV1Api);
  await custom.deleteNamespacedCustomObject({
    group: 'policy.karmada.io',
    version: 'v1alpha1',
    namespace,
    plural: 'overridepolicies',
    name: `flotilla-failover-${name}`,
  });
  await custom.deleteNamespacedCustomObject({
    group: 'policy.karmada.io',
    version: 'v1alpha1',
    namespace,
    plural: 'propagationpolicies',
    name,
  });
  await apps.deleteNamespacedDeployment({ name, namespace });
  const removed = await until('the template gone from the members', async () =>
    (await replicasOn(a)) === undefined && (await replicasOn(b)) === undefined
      ? true
      : undefined,
  );
  say(`6. template deleted: removed from ${a} and ${b} (${removed.ms} ms)`);
}

async function main() {
  const fleet = readFleet();
  const kubeconfig = path.join(fleetDir(), 'kubeconfig');
  const karmada = contextConfig(kubeconfig, 'karmada');
  const custom = karmada.makeApiClient(CustomObjectsApi);
  const members = karmadaMembers(fleet).map(m => m.name);
  if (members.length < 2)
    throw new Error('needs at least two Karmada members in the fleet');
  const say = (m: string) => console.log(`ok  ${m}`);
  const check: Check = { kubeconfig, karmada, custom, members, say };
  await clustersReady(check);
  await requestThroughProxy(check);
  await staleUpdateRefused(check);
  const w = workload(check);
  await propagatedWeighted(check, w);
  await overriddenByPolicy(check, w);
  await deletedFromMembers(check, w);
}

main().catch(error => {
  console.error(`FAIL ${error.message}`);
  process.exitCode = 1;
});
