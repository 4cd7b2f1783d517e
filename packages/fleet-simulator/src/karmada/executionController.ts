/**
 * Karmada's execution and work status controllers (Push mode): applies
 * each Work's manifest to its member (apiEndpoint with the Cluster secret's
 * token), creating the namespace a namespaced manifest needs; refuses to
 * take over an object Karmada does not manage when conflictResolution is
 * Abort; reports `Applied` and the member object's reflected status and
 * health on the Work; deletes member objects whose Work is gone.
 */
import {
  CoreV1Api,
  KubernetesObject,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
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
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  memberAccess,
  retryOnConflict,
  statusCode,
} from './kube';
import { startLoop } from './loop';
import { reflectStatus, setCondition } from './workStatus';

/** The manifest Karmada last applied, so an unchanged Work is not re-sent. */
export const MANIFEST_HASH_ANNOTATION = 'flotilla.io/work-manifest-hash';

/** Kinds whose orphans are looked for on members (what Works here carry). */
const PRUNED_KINDS = [
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

type Outcome =
  | { applied: true; member: any }
  | { applied: false; message: string };

export function startExecutionController(
  ctx: SimulatorContext,
  intervalMs = 1_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const core = kubeConfig.makeApiClient(CoreV1Api);

  async function apply(
    member: KubernetesObjectApi,
    memberCore: CoreV1Api,
    work: KubeObject,
    manifest: any,
  ): Promise<Outcome> {
    const hash = manifestHash(manifest);
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
    const header = {
      apiVersion: manifest.apiVersion,
      kind: manifest.kind,
      metadata: {
        name: manifest.metadata.name,
        namespace: manifest.metadata.namespace,
      },
    };
    return retryOnConflict(async (): Promise<Outcome> => {
      let current: any;
      try {
        current = JSON.parse(JSON.stringify(await member.read(header)));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
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
        const created = await member.create(desired);
        return {
          applied: true,
          member: {
            ...JSON.parse(JSON.stringify(created)),
            apiVersion: manifest.apiVersion,
            kind: manifest.kind,
          },
        };
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
      if (current.metadata?.annotations?.[MANIFEST_HASH_ANNOTATION] === hash) {
        return {
          applied: true,
          member: {
            ...current,
            apiVersion: manifest.apiVersion,
            kind: manifest.kind,
          },
        };
      }
      const replaced = await member.replace({
        ...desired,
        metadata: {
          ...desired.metadata,
          resourceVersion: current.metadata.resourceVersion,
        },
      });
      return {
        applied: true,
        member: {
          ...JSON.parse(JSON.stringify(replaced)),
          apiVersion: manifest.apiVersion,
          kind: manifest.kind,
        },
      };
    });
  }

  async function writeWorkStatus(
    work: KubeObject,
    outcome: Outcome,
    manifest: any,
  ) {
    await retryOnConflict(async () => {
      const current = await karmada.get(
        'works',
        work.metadata.name,
        work.metadata.namespace,
      );
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
      if (JSON.stringify(status) === JSON.stringify(current.status)) return;
      await karmada.replace('works', { ...current, status }, 'status');
    });
  }

  async function reconcileCluster(cluster: Cluster) {
    const name = cluster.metadata.name;
    const works = await karmada.list('works', {
      namespace: executionNamespace(name),
    });
    const access = await memberAccess(core, cluster);
    const member = KubernetesObjectApi.makeApiClient(access.kubeConfig);
    const memberCore = access.kubeConfig.makeApiClient(CoreV1Api);
    const live = new Set<string>();
    for (const work of works) {
      live.add(work.metadata.name);
      if (work.metadata.deletionTimestamp) continue;
      for (const manifest of work.spec?.workload?.manifests ?? []) {
        let outcome: Outcome;
        try {
          outcome = await apply(member, memberCore, work, manifest);
        } catch (error) {
          outcome = {
            applied: false,
            message: `failed to apply: ${describeError(error)}`,
          };
        }
        await writeWorkStatus(work, outcome, manifest);
      }
    }
    // Objects Karmada put on the member whose Work is gone.
    for (const { apiVersion, kind } of PRUNED_KINDS) {
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
      for (const item of list.items as KubernetesObject[]) {
        const annotations = item.metadata?.annotations ?? {};
        if (annotations[WORK_NAMESPACE_ANNOTATION] !== executionNamespace(name))
          continue;
        if (live.has(annotations[WORK_NAME_ANNOTATION] ?? '')) continue;
        await member
          .delete({
            apiVersion,
            kind,
            metadata: {
              name: item.metadata!.name,
              namespace: item.metadata!.namespace,
            },
          })
          .catch(error => {
            if (!isNotFound(error)) throw error;
          });
        ctx.log(
          `karmada execution: deleted ${kind} ${
            item.metadata?.namespace ?? ''
          }/${item.metadata?.name} from ${name} (its Work is gone)`,
        );
      }
    }
  }

  const failing = new Map<string, string>();
  return startLoop(ctx, 'execution', intervalMs, async () => {
    const clusters = await karmada.listClusters();
    await Promise.all(
      clusters
        .filter(c => c.spec.syncMode === 'Push')
        .map(async c => {
          try {
            await reconcileCluster(c);
            failing.delete(c.metadata.name);
          } catch (error) {
            const message = describeError(error);
            // A member that is down stays down for a while: say it once.
            if (failing.get(c.metadata.name) !== message)
              ctx.log(`karmada execution: ${c.metadata.name}: ${message}`);
            failing.set(c.metadata.name, message);
          }
        }),
    );
  });
}
