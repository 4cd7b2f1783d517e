/**
 * Karmada's binding status controller: each binding's Works' status
 * becomes its `status.aggregatedStatus` (per cluster: reflected status,
 * applied, health) and `FullyApplied` condition; a Deployment template's
 * status becomes the sum over its clusters, as `kubectl get deploy` on the
 * Karmada API server shows it.
 */
import { sameJson } from './sameJson';
import { AppsV1Api, type V1Deployment } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { executionNamespace } from './bindings';
import { bindingOfWork } from './bindingController';
import { KarmadaApi, KubeObject } from './karmadaApi';
import type { ObjectReference } from './objectTypes';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  retryOnConflict,
} from './kube';
import { startLoop, Wake } from './loop';
import {
  aggregateDeploymentStatus,
  aggregatedStatus,
  AggregatedItem,
  fullyApplied,
  setCondition,
} from './workStatus';

const PLURALS = ['resourcebindings', 'clusterresourcebindings'] as const;

/** The API server drops zero counts (omitempty): compare statuses without them. */
function meaningful(status: object | undefined): string {
  return JSON.stringify(
    Object.entries(status ?? {})
      .filter(([, v]) => v !== 0 && v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

type BindingPlural = (typeof PLURALS)[number];

/**
 * The binding's `aggregatedStatus` and `FullyApplied` condition from its
 * Works; the listed binding first, re-read on conflict. Answers what was
 * aggregated, for the template's status.
 */
async function aggregateBinding(
  karmada: KarmadaApi,
  plural: BindingPlural,
  listed: KubeObject,
  mine: KubeObject[],
): Promise<{ items: AggregatedItem[]; targets: Array<{ name: string }> }> {
  let items: AggregatedItem[] = [];
  let targets: Array<{ name: string }> = [];
  let fresh = false;
  await retryOnConflict(async () => {
    const binding = fresh
      ? await karmada.get(
          plural,
          listed.metadata.name,
          listed.metadata.namespace,
        )
      : listed;
    fresh = true;
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
    if (sameJson(status, binding.status)) return;
    await karmada.replace(plural, { ...binding, status }, 'status');
  });
  return { items, targets };
}

/** The Deployment template's status summed over its clusters; the listed one first, re-read on conflict. */
async function aggregateTemplate(
  apps: AppsV1Api,
  resource: ObjectReference,
  listedTemplate: V1Deployment | undefined,
  items: AggregatedItem[],
  complete: boolean,
) {
  let template = listedTemplate;
  await retryOnConflict(async () => {
    if (!template) {
      try {
        template = JSON.parse(
          JSON.stringify(
            await apps.readNamespacedDeployment({
              name: resource.name,
              namespace: resource.namespace!,
            }),
          ),
        ) as V1Deployment;
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    }
    const current = template;
    template = undefined;
    const status = aggregateDeploymentStatus(current, items, complete);
    if (meaningful(status) === meaningful(current.status)) return;
    await apps.replaceNamespacedDeploymentStatus({
      name: resource.name,
      namespace: resource.namespace!,
      body: { ...current, status },
    });
  });
}

export function startBindingStatusController(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 5_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const apps = kubeConfig.makeApiClient(AppsV1Api);

  async function reconcile(
    plural: BindingPlural,
    listed: KubeObject,
    works: KubeObject[],
    templates: Map<string, V1Deployment>,
  ) {
    const owner = `${listed.metadata.namespace ?? ''}/${listed.metadata.name}`;
    const mine = works.filter(w => bindingOfWork(w) === owner);
    const { items, targets } = await aggregateBinding(
      karmada,
      plural,
      listed,
      mine,
    );
    const resource = listed.spec?.resource ?? ({} as ObjectReference);
    if (resource.kind !== 'Deployment' || resource.apiVersion !== 'apps/v1')
      return;
    const complete = targets.length > 0 && items.length === targets.length;
    await aggregateTemplate(
      apps,
      resource,
      templates.get(`${resource.namespace}/${resource.name}`),
      items,
      complete,
    );
  }

  return startLoop(
    ctx,
    'binding-status',
    intervalMs,
    async () => {
      const [works, deployments, ...bindingLists] = await Promise.all([
        karmada.list('works'),
        apps.listDeploymentForAllNamespaces(),
        ...PLURALS.map(plural => karmada.list(plural)),
      ]);
      const templates = new Map<string, V1Deployment>();
      for (const d of deployments.items) {
        templates.set(`${d.metadata?.namespace}/${d.metadata?.name}`, {
          ...JSON.parse(JSON.stringify(d)),
          apiVersion: 'apps/v1',
          kind: 'Deployment',
        });
      }
      for (const [index, plural] of PLURALS.entries()) {
        for (const binding of bindingLists[index]) {
          await reconcile(plural, binding, works, templates).catch(error => {
            // Deleted since the list: nothing to aggregate.
            if (isNotFound(error)) return;
            ctx.log(
              `karmada binding-status: ${binding.metadata.namespace ?? ''}/${
                binding.metadata.name
              }: ${describeError(error)}`,
            );
          });
        }
      }
    },
    wake,
  );
}
