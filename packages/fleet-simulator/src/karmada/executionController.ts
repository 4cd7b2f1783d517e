/**
 * Karmada's execution and work status controllers (Push mode): applies
 * each Work's manifest to its member (apiEndpoint with the Cluster secret's
 * token), creating the namespace a namespaced manifest needs; refuses to
 * take over an object Karmada does not manage when conflictResolution is
 * Abort; reports `Applied` and the member object's reflected status and
 * health on the Work; deletes member objects whose Work is gone.
 */
import { sameJson } from './sameJson';
import { CoreV1Api, KubernetesObjectApi } from '@kubernetes/client-node';
import { fnv1a32 } from '@flotilla/plugin-multi-cluster-common';
import type { SimulatorContext, Stoppable } from '../context';
import type { Cluster } from './clusterTypes';
import {
  CONFLICT_RESOLUTION_ANNOTATION,
  executionNamespace,
  MANAGED_LABEL,
  WORK_NAME_ANNOTATION,
  WORK_NAMESPACE_ANNOTATION,
} from './bindings';
import { KarmadaApi, KubeObject } from './karmadaApi';
import type { Manifest } from './objectTypes';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  memberAccess,
  retryOnConflict,
  statusCode,
} from './kube';
import { forEachLimited, startLoop, Wake } from './loop';
import { reflectStatus, setCondition } from './workStatus';

/** The manifest Karmada last applied, so an unchanged Work is not re-sent. */
export const MANIFEST_HASH_ANNOTATION = 'flotilla.io/work-manifest-hash';

/** Clusters reconciled at once (each lists and writes on its member). */
const RECONCILE_CONCURRENCY = 8;

/** Kinds whose managed objects are listed on members (what Works here carry); others are read one by one. */
const LISTED_KINDS = [
  { apiVersion: 'apps/v1', kind: 'Deployment' },
  { apiVersion: 'v1', kind: 'ConfigMap' },
];

/** The resource (plural) of a kind, by the regular English rules kinds follow. */
export function resourceOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

function manifestHash(manifest: unknown): string {
  return fnv1a32(JSON.stringify(manifest)).toString(16);
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
const identity = (o: {
  apiVersion?: string;
  kind?: string;
  metadata?: { namespace?: string; name?: string };
}) =>
  `${o.apiVersion}/${o.kind}/${o.metadata?.namespace ?? ''}/${
    o.metadata?.name
  }`;

type Outcome =
  | { applied: true; member: Manifest }
  | { applied: false; message: string };

export function startExecutionController(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 3_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const core = kubeConfig.makeApiClient(CoreV1Api);

  async function apply(
    member: KubernetesObjectApi,
    memberCore: CoreV1Api,
    work: KubeObject,
    manifest: Manifest,
    listed: Manifest | undefined,
  ): Promise<Outcome> {
    const hash = manifestHash(manifest);
    const typed = (o: unknown): Manifest => ({
      ...plain(o),
      apiVersion: manifest.apiVersion,
      kind: manifest.kind,
    });
    const desired = {
      ...manifest,
      metadata: {
        ...manifest.metadata,
        annotations: {
          ...manifest.metadata.annotations,
          [MANIFEST_HASH_ANNOTATION]: hash,
        },
      },
    };
    let fresh = false;
    return retryOnConflict(async (): Promise<Outcome> => {
      let current: Manifest | undefined = fresh ? undefined : listed;
      if (!current) {
        try {
          current = typed(
            await member.read({
              apiVersion: manifest.apiVersion,
              kind: manifest.kind,
              metadata: {
                name: manifest.metadata.name,
                namespace: manifest.metadata.namespace,
              },
            }),
          );
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      fresh = true;
      if (!current) {
        if (manifest.metadata.namespace) {
          await memberCore
            .createNamespace({
              body: { metadata: { name: manifest.metadata.namespace } },
            })
            .catch(error => {
              if (statusCode(error) !== 409) throw error;
            });
        }
        return { applied: true, member: typed(await member.create(desired)) };
      }
      const managed = current.metadata?.labels?.[MANAGED_LABEL] === 'true';
      const resolution =
        work.metadata.annotations?.[CONFLICT_RESOLUTION_ANNOTATION] ?? 'Abort';
      if (!managed && resolution !== 'Overwrite') {
        return {
          applied: false,
          message: `${manifest.kind} ${
            manifest.metadata.namespace ? `${manifest.metadata.namespace}/` : ''
          }${
            manifest.metadata.name
          } already exists in the member cluster and is not managed by Karmada; conflictResolution is Abort`,
        };
      }
      if (current.metadata?.annotations?.[MANIFEST_HASH_ANNOTATION] === hash)
        return { applied: true, member: current };
      const replaced = await member.replace({
        ...desired,
        metadata: {
          ...desired.metadata,
          resourceVersion: current.metadata.resourceVersion,
        },
      });
      return { applied: true, member: typed(replaced) };
    });
  }

  /** Writes the Work's status when it changed; the listed Work first, re-read on conflict. */
  async function writeWorkStatus(
    work: KubeObject,
    outcome: Outcome,
    manifest: Manifest,
  ) {
    let fresh = false;
    await retryOnConflict(async () => {
      const current = fresh
        ? await karmada.get(
            'works',
            work.metadata.name,
            work.metadata.namespace,
          )
        : work;
      fresh = true;
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const [group, version] = manifest.apiVersion.includes('/')
        ? manifest.apiVersion.split('/')
        : ['', manifest.apiVersion];
      const conditions = setCondition(
        current.status?.conditions,
        outcome.applied
          ? {
              type: 'Applied',
              status: 'True',
              reason: 'AppliedSuccessful',
              message: 'Manifest has been successfully applied',
            }
          : {
              type: 'Applied',
              status: 'False',
              reason: 'AppliedFailed',
              message: outcome.message,
            },
        now,
      );
      const reflected = outcome.applied
        ? reflectStatus(outcome.member)
        : undefined;
      const status = {
        ...current.status,
        conditions,
        manifestStatuses: reflected
          ? [
              {
                identifier: {
                  ordinal: 0,
                  group,
                  version,
                  kind: manifest.kind,
                  resource: resourceOf(manifest.kind),
                  namespace: manifest.metadata.namespace ?? '',
                  name: manifest.metadata.name,
                },
                ...(reflected.status ? { status: reflected.status } : {}),
                health: reflected.health,
              },
            ]
          : current.status?.manifestStatuses,
      };
      if (sameJson(status, current.status)) return;
      await karmada.replace('works', { ...current, status }, 'status');
      wake.notify();
    });
  }

  async function reconcileCluster(cluster: Cluster, works: KubeObject[]) {
    const name = cluster.metadata.name;
    const access = await memberAccess(core, cluster);
    const member = KubernetesObjectApi.makeApiClient(access.kubeConfig);
    const memberCore = access.kubeConfig.makeApiClient(CoreV1Api);
    // What Karmada already put there, by kind: one list instead of a read per Work.
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
    const live = new Set<string>();
    for (const work of works) {
      live.add(work.metadata.name);
      if (work.metadata.deletionTimestamp) continue;
      for (const manifest of work.spec?.workload?.manifests ?? []) {
        let outcome: Outcome;
        try {
          outcome = await apply(
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
        await writeWorkStatus(work, outcome, manifest).catch(error => {
          // Deleted while being applied: nothing left to report on.
          if (!isNotFound(error)) throw error;
        });
      }
    }
    // Objects Karmada put on the member whose Work is gone.
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
      ctx.log(
        `karmada execution: deleted ${object.kind} ${
          object.metadata.namespace ?? ''
        }/${object.metadata.name} from ${name} (its Work is gone)`,
      );
    }
  }

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
      const worksByNamespace = new Map<string, KubeObject[]>();
      for (const work of works) {
        const namespace = work.metadata.namespace ?? '';
        worksByNamespace.set(namespace, [
          ...(worksByNamespace.get(namespace) ?? []),
          work,
        ]);
      }
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
            await reconcileCluster(c, clusterWorks);
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
