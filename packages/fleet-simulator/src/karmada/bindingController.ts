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

/** The Works of bindings: created, updated and deleted as the bindings say. */
class BindingWorks {
  private readonly namespaces = new Set<string>();

  constructor(
    private readonly ctx: SimulatorContext,
    private readonly karmada: KarmadaApi,
    private readonly objects: KubernetesObjectApi,
    private readonly core: CoreV1Api,
    private readonly wake: Wake,
  ) {}

  private async ensureNamespace(name: string) {
    if (this.namespaces.has(name)) return;
    try {
      await this.core.createNamespace({ body: { metadata: { name } } });
    } catch (error) {
      if (statusCode(error) !== 409) throw error;
    }
    this.namespaces.add(name);
  }

  /** Creates or replaces the Work; the listed copy first, a fresh read only after a conflict. */
  private async upsertWork(
    desired: KubeObject,
    listed: KubeObject | undefined,
  ) {
    const { karmada, wake } = this;
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

  async deleteWork(work: KubeObject, why: string) {
    await this.karmada
      .delete('works', work.metadata.name, work.metadata.namespace)
      .catch(error => {
        if (!isNotFound(error)) throw error;
      });
    this.wake.notify();
    this.ctx.log(
      `karmada binding: deleted Work ${work.metadata.namespace}/${work.metadata.name} (${why})`,
    );
  }

  /** The binding's resource template; undefined when it is gone. */
  private async readTemplate(
    resource: ObjectReference,
  ): Promise<Template | undefined> {
    try {
      const read = await this.objects.read({
        apiVersion: resource.apiVersion,
        kind: resource.kind,
        metadata: { name: resource.name, namespace: resource.namespace },
      });
      return {
        ...(JSON.parse(JSON.stringify(read)) as Template),
        apiVersion: resource.apiVersion,
        kind: resource.kind,
      };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return undefined;
    }
  }

  /**
   * Writes the Work of each target cluster (the template with its share and
   * the override policies for that cluster); answers the Works' keys.
   */
  private async writeWorks(
    binding: KubeObject,
    template: Template,
    clusters: Cluster[],
    policies: { ops: KubeObject[]; cops: KubeObject[] },
    existing: KubeObject[],
  ): Promise<Set<string>> {
    const keep = new Set<string>();
    const namespace = template.metadata.namespace;
    const ordered = overridePoliciesFor(
      template,
      policies.cops.map(p => ({
        ...p,
        kind: 'ClusterOverridePolicy',
      })) as OverridePolicyLike[],
      policies.ops
        .filter(p => p.metadata.namespace === namespace)
        .map(p => ({ ...p, kind: 'OverridePolicy' })) as OverridePolicyLike[],
    );
    const name = workName(template.kind, namespace, template.metadata.name);
    const targets: Array<{ name: string; replicas?: number }> =
      binding.spec?.clusters ?? [];
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
          ordered,
        ).manifest;
      } catch (error) {
        // Karmada leaves the Work as it was when an override fails.
        this.ctx.log(
          `karmada binding: ${binding.metadata.name} on ${target.name}: ${
            (error as Error).message
          }`,
        );
        continue;
      }
      await this.ensureNamespace(workNamespace);
      await this.upsertWork(
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
            w.metadata.namespace === workNamespace && w.metadata.name === name,
        ),
      );
    }
    return keep;
  }

  async reconcile(
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
    const template = await this.readTemplate(resource);
    const keep =
      template && !binding.metadata.deletionTimestamp
        ? await this.writeWorks(
            binding,
            template,
            clusters,
            { ops, cops },
            existing,
          )
        : new Set<string>();
    for (const work of existing) {
      if (!keep.has(`${work.metadata.namespace}/${work.metadata.name}`)) {
        await this.deleteWork(work, 'cluster no longer targeted');
      }
    }
  }
}

export function startBindingController(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 5_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const bindingWorks = new BindingWorks(
    ctx,
    karmada,
    KubernetesObjectApi.makeApiClient(kubeConfig),
    kubeConfig.makeApiClient(CoreV1Api),
    wake,
  );

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
        await bindingWorks
          .reconcile(binding, clusters, ops, cops, works)
          .catch(error =>
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
          await bindingWorks.deleteWork(work, 'its binding is gone');
      }
    },
    wake,
  );
}
