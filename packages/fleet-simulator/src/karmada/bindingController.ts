/**
 * Karmada's binding controller: each scheduled (Cluster)ResourceBinding
 * becomes one Work per target cluster in `karmada-es-<cluster>`, holding
 * the template as that member gets it (its share of the replicas when
 * Divided) with the OverridePolicies and ClusterOverridePolicies applied;
 * Works for clusters no longer targeted are deleted.
 */
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
import { apiVersionOf, KarmadaApi, KubeObject } from './karmadaApi';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  retryOnConflict,
  statusCode,
} from './kube';
import { startLoop } from './loop';
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

function selectorOf(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

export function startBindingController(
  ctx: SimulatorContext,
  intervalMs = 1_000,
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

  async function upsertWork(desired: KubeObject) {
    await retryOnConflict(async () => {
      let current: KubeObject | undefined;
      try {
        current = await karmada.get(
          'works',
          desired.metadata.name,
          desired.metadata.namespace,
        );
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      if (!current) {
        await karmada.create('works', desired);
        return;
      }
      const same =
        JSON.stringify(current.spec) === JSON.stringify(desired.spec) &&
        JSON.stringify(current.metadata.labels ?? {}) ===
          JSON.stringify(desired.metadata.labels) &&
        JSON.stringify(current.metadata.annotations ?? {}) ===
          JSON.stringify(desired.metadata.annotations);
      if (same) return;
      await karmada.replace('works', {
        ...current,
        metadata: {
          ...current.metadata,
          labels: desired.metadata.labels,
          annotations: desired.metadata.annotations,
        },
        spec: desired.spec,
      });
    });
  }

  async function reconcile(
    binding: KubeObject,
    clusters: Awaited<ReturnType<KarmadaApi['listClusters']>>,
    ops: KubeObject[],
    cops: KubeObject[],
  ) {
    const resource = binding.spec?.resource ?? {};
    const labels = workLabels(binding);
    const existing = await karmada.list('works', {
      labelSelector: selectorOf(labels),
    });
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
      const policies = overridePoliciesFor(
        template,
        cops.map(p => ({
          ...p,
          kind: 'ClusterOverridePolicy',
        })) as OverridePolicyLike[],
        ops
          .filter(p => p.metadata.namespace === template!.metadata.namespace)
          .map(p => ({ ...p, kind: 'OverridePolicy' })) as OverridePolicyLike[],
      );
      for (const target of targets) {
        const cluster = clusters.find(c => c.metadata.name === target.name);
        if (!cluster) continue;
        const namespace = executionNamespace(target.name);
        const name = workName(
          template.kind,
          template.metadata.namespace,
          template.metadata.name,
        );
        keep.add(`${namespace}/${name}`);
        const base = workloadFor(template, target, isDivided(binding), {
          name,
          namespace,
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
        await ensureNamespace(namespace);
        await upsertWork({
          apiVersion: apiVersionOf('works'),
          kind: 'Work',
          metadata: {
            name,
            namespace,
            labels,
            annotations: {
              [CONFLICT_RESOLUTION_ANNOTATION]:
                binding.spec?.conflictResolution ?? 'Abort',
            },
          },
          spec: { workload: { manifests: [manifest] } },
        });
      }
    }
    for (const work of existing) {
      if (keep.has(`${work.metadata.namespace}/${work.metadata.name}`))
        continue;
      await karmada
        .delete('works', work.metadata.name, work.metadata.namespace)
        .catch(error => {
          if (!isNotFound(error)) throw error;
        });
      ctx.log(
        `karmada binding: deleted Work ${work.metadata.namespace}/${work.metadata.name} (cluster no longer targeted)`,
      );
    }
  }

  return startLoop(ctx, 'binding', intervalMs, async () => {
    const [clusters, ops, cops] = await Promise.all([
      karmada.listClusters(),
      karmada.list('overridepolicies'),
      karmada.list('clusteroverridepolicies'),
    ]);
    for (const plural of PLURALS) {
      for (const binding of await karmada.list(plural)) {
        await reconcile(binding, clusters, ops, cops).catch(error =>
          ctx.log(
            `karmada binding: ${binding.metadata.namespace ?? ''}/${
              binding.metadata.name
            }: ${describeError(error)}`,
          ),
        );
      }
    }
    // Works of bindings that are gone.
    const works = await karmada.list('works');
    const bindings = new Set<string>();
    for (const plural of PLURALS) {
      for (const b of await karmada.list(plural))
        bindings.add(`${b.metadata.namespace ?? ''}/${b.metadata.name}`);
    }
    for (const work of works) {
      const l = work.metadata.labels ?? {};
      let owner: string | undefined;
      if (l[BINDING_NAME_LABEL]) {
        owner = `${l[BINDING_NAMESPACE_LABEL]}/${l[BINDING_NAME_LABEL]}`;
      } else if (l[CLUSTER_BINDING_NAME_LABEL]) {
        owner = `/${l[CLUSTER_BINDING_NAME_LABEL]}`;
      }
      if (!owner || bindings.has(owner)) continue;
      await karmada
        .delete('works', work.metadata.name, work.metadata.namespace)
        .catch(error => {
          if (!isNotFound(error)) throw error;
        });
      ctx.log(
        `karmada binding: deleted Work ${work.metadata.namespace}/${work.metadata.name} (its binding is gone)`,
      );
    }
  });
}
