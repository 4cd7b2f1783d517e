/**
 * Karmada's execution and work status controllers (Push mode): applies
 * each Work's manifest to its member (apiEndpoint with the Cluster secret's
 * token), creating the namespace a namespaced manifest needs; refuses to
 * take over an object Karmada does not manage when conflictResolution is
 * Abort; reports `Applied` and the member object's reflected status and
 * health on the Work; deletes member objects whose Work is gone.
 */
import { CoreV1Api, KubernetesObjectApi } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import type { Cluster } from './clusterTypes';
import {
  executionNamespace,
  MANAGED_LABEL,
  WORK_NAME_ANNOTATION,
  WORK_NAMESPACE_ANNOTATION,
} from './bindings';
import { KarmadaApi, KubeObject } from './karmadaApi';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  memberAccess,
} from './kube';
import { forEachLimited, startLoop, Wake } from './loop';
import { applyToMember, plain, type Outcome } from './memberApply';
import type { Manifest } from './objectTypes';
import { writeWorkStatus } from './workStatusWriter';

export { MANIFEST_HASH_ANNOTATION } from './memberApply';
export { resourceOf } from './workStatusWriter';

/** Clusters reconciled at once (each lists and writes on its member). */
const RECONCILE_CONCURRENCY = 8;

/** Kinds whose managed objects are listed on members (what Works here carry); others are read one by one. */
const LISTED_KINDS = [
  { apiVersion: 'apps/v1', kind: 'Deployment' },
  { apiVersion: 'v1', kind: 'ConfigMap' },
];

const identity = (o: {
  apiVersion?: string;
  kind?: string;
  metadata?: { namespace?: string; name?: string };
}) =>
  `${o.apiVersion}/${o.kind}/${o.metadata?.namespace ?? ''}/${
    o.metadata?.name
  }`;

interface ExecutionDeps {
  ctx: SimulatorContext;
  karmada: KarmadaApi;
  core: CoreV1Api;
  wake: Wake;
}

/** What Karmada already put on the member, by kind: one list instead of a read per Work. */
async function listManaged(
  member: KubernetesObjectApi,
): Promise<Map<string, Manifest>> {
  const managed = new Map<string, Manifest>();
  for (const { apiVersion, kind } of LISTED_KINDS) {
    const list = await member.list(
      apiVersion,
      kind,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      `${MANAGED_LABEL}=true`,
    );
    for (const item of list.items) {
      const object = { ...plain(item), apiVersion, kind };
      managed.set(identity(object), object);
    }
  }
  return managed;
}

/** Applies every live Work's manifests and reports each on its Work; answers the Works' names. */
async function applyWorks(
  deps: ExecutionDeps,
  member: KubernetesObjectApi,
  memberCore: CoreV1Api,
  works: KubeObject[],
  managed: Map<string, Manifest>,
): Promise<Set<string>> {
  const live = new Set<string>();
  for (const work of works) {
    live.add(work.metadata.name);
    if (work.metadata.deletionTimestamp) continue;
    for (const manifest of work.spec?.workload?.manifests ?? []) {
      let outcome: Outcome;
      try {
        outcome = await applyToMember(
          member,
          memberCore,
          work,
          manifest,
          managed.get(identity(manifest)),
        );
      } catch (error) {
        outcome = {
          applied: false,
          message: `failed to apply: ${describeError(error)}`,
        };
      }
      await writeWorkStatus(
        deps.karmada,
        deps.wake,
        work,
        outcome,
        manifest,
      ).catch(error => {
        // Deleted while being applied: nothing left to report on.
        if (!isNotFound(error)) throw error;
      });
    }
  }
  return live;
}

/** Deletes the objects Karmada put on the member whose Work is gone. */
async function deleteOrphans(
  deps: ExecutionDeps,
  name: string,
  member: KubernetesObjectApi,
  managed: Map<string, Manifest>,
  live: Set<string>,
) {
  for (const object of managed.values()) {
    const annotations = object.metadata?.annotations ?? {};
    if (annotations[WORK_NAMESPACE_ANNOTATION] !== executionNamespace(name))
      continue;
    if (live.has(annotations[WORK_NAME_ANNOTATION] ?? '')) continue;
    await member
      .delete({
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: {
          name: object.metadata.name,
          namespace: object.metadata.namespace,
        },
      })
      .catch(error => {
        if (!isNotFound(error)) throw error;
      });
    deps.ctx.log(
      `karmada execution: deleted ${object.kind} ${
        object.metadata.namespace ?? ''
      }/${object.metadata.name} from ${name} (its Work is gone)`,
    );
  }
}

async function reconcileCluster(
  deps: ExecutionDeps,
  cluster: Cluster,
  works: KubeObject[],
) {
  const name = cluster.metadata.name;
  const access = await memberAccess(deps.core, cluster);
  const member = KubernetesObjectApi.makeApiClient(access.kubeConfig);
  const memberCore = access.kubeConfig.makeApiClient(CoreV1Api);
  const managed = await listManaged(member);
  const live = await applyWorks(deps, member, memberCore, works, managed);
  await deleteOrphans(deps, name, member, managed, live);
}

function byNamespace(works: KubeObject[]): Map<string, KubeObject[]> {
  const worksByNamespace = new Map<string, KubeObject[]>();
  for (const work of works) {
    const namespace = work.metadata.namespace ?? '';
    worksByNamespace.set(namespace, [
      ...(worksByNamespace.get(namespace) ?? []),
      work,
    ]);
  }
  return worksByNamespace;
}

export function startExecutionController(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 3_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const deps: ExecutionDeps = {
    ctx,
    karmada,
    core: kubeConfig.makeApiClient(CoreV1Api),
    wake,
  };
  const failing = new Map<string, string>();
  // Clusters whose last reconcile found no Work and left nothing of theirs
  // on the member: while they still have no Work, there is nothing to apply
  // and nothing can have been orphaned since, so they are not listed again.
  const settledWithoutWorks = new Set<string>();
  return startLoop(
    ctx,
    'execution',
    intervalMs,
    async () => {
      const [clusters, works] = await Promise.all([
        karmada.listClusters(),
        karmada.list('works'),
      ]);
      const worksByNamespace = byNamespace(works);
      const live = new Set(clusters.map(c => c.metadata.name));
      for (const name of settledWithoutWorks)
        if (!live.has(name)) settledWithoutWorks.delete(name);
      await forEachLimited(
        clusters.filter(c => c.spec.syncMode === 'Push'),
        RECONCILE_CONCURRENCY,
        async c => {
          const name = c.metadata.name;
          const clusterWorks =
            worksByNamespace.get(executionNamespace(name)) ?? [];
          if (clusterWorks.length === 0 && settledWithoutWorks.has(name))
            return;
          settledWithoutWorks.delete(name);
          try {
            await reconcileCluster(deps, c, clusterWorks);
            if (clusterWorks.length === 0) settledWithoutWorks.add(name);
            if (failing.has(name))
              ctx.log(`karmada execution: ${name}: recovered`);
            failing.delete(name);
          } catch (error) {
            const message = describeError(error);
            // A member that is down stays down for a while: say it once.
            if (failing.get(name) !== message)
              ctx.log(`karmada execution: ${name}: ${message}`);
            failing.set(name, message);
          }
        },
        ctx.signal,
      );
    },
    wake,
  );
}
