/**
 * Karmada's binding status controller: each binding's Works' status
 * becomes its `status.aggregatedStatus` (per cluster: reflected status,
 * applied, health) and `FullyApplied` condition; a Deployment template's
 * status becomes the sum over its clusters, as `kubectl get deploy` on the
 * Karmada API server shows it.
 */
import { AppsV1Api } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { executionNamespace } from './bindings';
import { workLabels } from './bindingController';
import { KarmadaApi, KubeObject } from './karmadaApi';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  retryOnConflict,
} from './kube';
import { startLoop } from './loop';
import {
  aggregateDeploymentStatus,
  aggregatedStatus,
  AggregatedItem,
  fullyApplied,
  setCondition,
} from './workStatus';

const PLURALS = ['resourcebindings', 'clusterresourcebindings'] as const;

export function startBindingStatusController(
  ctx: SimulatorContext,
  intervalMs = 1_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const apps = kubeConfig.makeApiClient(AppsV1Api);

  async function reconcile(
    plural: (typeof PLURALS)[number],
    first: KubeObject,
    works: KubeObject[],
  ) {
    const labels = workLabels(first);
    const mine = works.filter(w =>
      Object.entries(labels).every(([k, v]) => w.metadata.labels?.[k] === v),
    );
    let items: AggregatedItem[] = [];
    let targets: Array<{ name: string }> = [];
    await retryOnConflict(async () => {
      const binding = await karmada.get(
        plural,
        first.metadata.name,
        first.metadata.namespace,
      );
      targets = binding.spec?.clusters ?? [];
      items = aggregatedStatus(
        targets,
        cluster =>
          mine.find(
            w => w.metadata.namespace === executionNamespace(cluster),
          ) as never,
      );
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const status = {
        ...binding.status,
        aggregatedStatus: items,
        conditions: setCondition(
          binding.status?.conditions,
          fullyApplied(targets, items),
          now,
        ),
      };
      if (JSON.stringify(status) === JSON.stringify(binding.status)) return;
      await karmada.replace(plural, { ...binding, status }, 'status');
    });
    const resource = first.spec?.resource ?? {};
    if (resource.kind !== 'Deployment' || resource.apiVersion !== 'apps/v1')
      return;
    await retryOnConflict(async () => {
      let template;
      try {
        template = await apps.readNamespacedDeployment({
          name: resource.name,
          namespace: resource.namespace,
        });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      const plain = JSON.parse(JSON.stringify(template));
      const complete = targets.length > 0 && items.length === targets.length;
      const status = aggregateDeploymentStatus(plain, items, complete);
      // The API server drops zero counts (omitempty): compare without them.
      const meaningful = (s: Record<string, unknown>) =>
        JSON.stringify(
          Object.entries(s ?? {})
            .filter(([, v]) => v !== 0 && v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        );
      if (meaningful(status) === meaningful(plain.status ?? {})) return;
      await apps.replaceNamespacedDeploymentStatus({
        name: resource.name,
        namespace: resource.namespace,
        body: { ...plain, status },
      });
    });
  }

  return startLoop(ctx, 'binding-status', intervalMs, async () => {
    const works = await karmada.list('works');
    for (const plural of PLURALS) {
      for (const binding of await karmada.list(plural)) {
        await reconcile(plural, binding, works).catch(error =>
          ctx.log(
            `karmada binding-status: ${binding.metadata.namespace ?? ''}/${
              binding.metadata.name
            }: ${describeError(error)}`,
          ),
        );
      }
    }
  });
}
