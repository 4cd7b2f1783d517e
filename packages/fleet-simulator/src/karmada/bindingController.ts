/**
 * Karmada's binding controller: each scheduled (Cluster)ResourceBinding
 * becomes one Work per target cluster in `karmada-es-<cluster>`, holding
 * the template as that member gets it (its share of the replicas when
 * Divided) with the OverridePolicies and ClusterOverridePolicies applied;
 * Works for clusters no longer targeted, or of bindings that are gone, are
 * deleted.
 */
import { sameJson } from './sameJson';
import { CoreV1Api, KubernetesObjectApi } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import {
  BINDING_NAME_LABEL,
  BINDING_NAMESPACE_LABEL,
  CLUSTER_BINDING_NAME_LABEL,
  CONFLICT_RESOLUTION_ANNOTATION,
  executionNamespace,
  isDivided,
  Template,
  workloadFor,
  workName,
} from './bindings';
import type { Cluster } from './clusterTypes';
import { apiVersionOf, KarmadaApi, KubeObject } from './karmadaApi';
import type { ObjectReference } from './objectTypes';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  retryOnConflict,
  statusCode,
} from './kube';
import { startLoop, Wake } from './loop';
import {
  applyOverridePolicies,
  OverridePolicyLike,
  overridePoliciesFor,
} from './overrides';
import { clusterSnapshot } from './schedulingInput';

const PLURALS = ['resourcebindings', 'clusterresourcebindings'] as const;

export function workLabels(binding: KubeObject): Record<string, string> {
  return binding.metadata.namespace
    ? {
        [BINDING_NAME_LABEL]: binding.metadata.name,
        [BINDING_NAMESPACE_LABEL]: binding.metadata.namespace,
      }
    : { [CLUSTER_BINDING_NAME_LABEL]: binding.metadata.name };
}

/** `namespace/name` of the binding a Work belongs to (`/name` when cluster-scoped). */
export function bindingOfWork(work: KubeObject): string | undefined {
  const labels = work.metadata.labels ?? {};
  if (labels[BINDING_NAME_LABEL])
    return `${labels[BINDING_NAMESPACE_LABEL]}/${labels[BINDING_NAME_LABEL]}`;
  if (labels[CLUSTER_BINDING_NAME_LABEL])
    return `/${labels[CLUSTER_BINDING_NAME_LABEL]}`;
  return undefined;
}

export function startBindingController(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 5_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const namespaces = new Set<string>();

  async function ensureNamespace(name: string) {
    if (namespaces.has(name)) return;
    try {
      await core.createNamespace({ body: { metadata: { name } } });
    } catch (error) {
      if (statusCode(error) !== 409) throw error;
    }
    namespaces.add(name);
  }

  /** Creates or replaces the Work; the listed copy first, a fresh read only after a conflict. */
  async function upsertWork(
    desired: KubeObject,
    listed: KubeObject | undefined,
  ) {
    let fresh = false;
    await retryOnConflict(async () => {
      let current = fresh ? undefined : listed;
      if (fresh) {
        try {
          current = await karmada.get(
            'works',
            desired.metadata.name,
            desired.metadata.namespace,
          );
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      fresh = true;
      if (!current) {
        await karmada.create('works', desired);
        wake.notify();
        return;
      }
      if (
        sameJson(current.spec, desired.spec) &&
        sameJson(current.metadata.labels, desired.metadata.labels) &&
        sameJson(current.metadata.annotations, desired.metadata.annotations)
      ) {
        return;
      }
      await karmada.replace('works', {
        ...current,
        metadata: {
          ...current.metadata,
          labels: desired.metadata.labels,
          annotations: desired.metadata.annotations,
        },
        spec: desired.spec,
      });
      wake.notify();
    });
  }

  async function deleteWork(work: KubeObject, why: string) {
    await karmada
      .delete('works', work.metadata.name, work.metadata.namespace)
      .catch(error => {
        if (!isNotFound(error)) throw error;
      });
    wake.notify();
    ctx.log(
      `karmada binding: deleted Work ${work.metadata.namespace}/${work.metadata.name} (${why})`,
    );
  }

  async function reconcile(
    binding: KubeObject,
    clusters: Cluster[],
    ops: KubeObject[],
    cops: KubeObject[],
    works: KubeObject[],
  ) {
    const resource = binding.spec?.resource ?? ({} as ObjectReference);
    const owner = `${binding.metadata.namespace ?? ''}/${
      binding.metadata.name
    }`;
    const existing = works.filter(w => bindingOfWork(w) === owner);
    const targets: Array<{ name: string; replicas?: number }> =
      binding.spec?.clusters ?? [];
    let template: Template | undefined;
    try {
      const read = await objects.read({
        apiVersion: resource.apiVersion,
        kind: resource.kind,
        metadata: { name: resource.name, namespace: resource.namespace },
      });
      template = {
        ...(JSON.parse(JSON.stringify(read)) as Template),
        apiVersion: resource.apiVersion,
        kind: resource.kind,
      };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    const keep = new Set<string>();
    if (template && !binding.metadata.deletionTimestamp) {
      const namespace = template.metadata.namespace;
      const policies = overridePoliciesFor(
        template,
        cops.map(p => ({
          ...p,
          kind: 'ClusterOverridePolicy',
        })) as OverridePolicyLike[],
        ops
          .filter(p => p.metadata.namespace === namespace)
          .map(p => ({ ...p, kind: 'OverridePolicy' })) as OverridePolicyLike[],
      );
      const name = workName(template.kind, namespace, template.metadata.name);
      for (const target of targets) {
        const cluster = clusters.find(c => c.metadata.name === target.name);
        if (!cluster) continue;
        const workNamespace = executionNamespace(target.name);
        keep.add(`${workNamespace}/${name}`);
        const base = workloadFor(template, target, isDivided(binding), {
          name,
          namespace: workNamespace,
        });
        let manifest;
        try {
          manifest = applyOverridePolicies(
            base,
            clusterSnapshot(cluster),
            policies,
          ).manifest;
        } catch (error) {
          // Karmada leaves the Work as it was when an override fails.
          ctx.log(
            `karmada binding: ${binding.metadata.name} on ${target.name}: ${
              (error as Error).message
            }`,
          );
          continue;
        }
        await ensureNamespace(workNamespace);
        await upsertWork(
          {
            apiVersion: apiVersionOf('works'),
            kind: 'Work',
            metadata: {
              name,
              namespace: workNamespace,
              labels: workLabels(binding),
              annotations: {
                [CONFLICT_RESOLUTION_ANNOTATION]:
                  binding.spec?.conflictResolution ?? 'Abort',
              },
            },
            spec: { workload: { manifests: [manifest] } },
          },
          existing.find(
            w =>
              w.metadata.namespace === workNamespace &&
              w.metadata.name === name,
          ),
        );
      }
    }
    for (const work of existing) {
      if (!keep.has(`${work.metadata.namespace}/${work.metadata.name}`)) {
        await deleteWork(work, 'cluster no longer targeted');
      }
    }
  }

  return startLoop(
    ctx,
    'binding',
    intervalMs,
    async () => {
      const [clusters, ops, cops, works, ...bindingLists] = await Promise.all([
        karmada.listClusters(),
        karmada.list('overridepolicies'),
        karmada.list('clusteroverridepolicies'),
        karmada.list('works'),
        ...PLURALS.map(plural => karmada.list(plural)),
      ]);
      const bindings = bindingLists.flat();
      for (const binding of bindings) {
        await reconcile(binding, clusters, ops, cops, works).catch(error =>
          ctx.log(
            `karmada binding: ${binding.metadata.namespace ?? ''}/${
              binding.metadata.name
            }: ${describeError(error)}`,
          ),
        );
      }
      const owners = new Set(
        bindings.map(b => `${b.metadata.namespace ?? ''}/${b.metadata.name}`),
      );
      for (const work of works) {
        const owner = bindingOfWork(work);
        if (owner && !owners.has(owner))
          await deleteWork(work, 'its binding is gone');
      }
    },
    wake,
  );
}
