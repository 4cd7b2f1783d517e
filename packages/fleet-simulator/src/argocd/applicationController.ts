/**
 * Application controller: sets each Application's `status.sync` and
 * `status.health` from the scenario's state of its add-on on its destination
 * cluster (see nextApplicationStatus), and writes nothing when nothing
 * changes. Applications write their status through the main resource (the
 * CRD has no status subresource), guarded by resourceVersion.
 */
import type { Stoppable } from '../context';
import { runReconcileLoop } from '../capi/kube';
import { AddonClusterState, nextApplicationStatus } from './applications';
import { listArgoClusters } from './applicationSetController';
import { ARGO_TYPES, sourceRef, ARGOCD_NAMESPACE } from './model';
import type { ArgoRuntime } from './runtime';
import { argoAddons } from './seed';
import type { Application } from './argoObjects';

export async function reconcileApplications(
  rt: ArgoRuntime,
  now = new Date(),
): Promise<number | undefined> {
  const [apps, clusters] = await Promise.all([
    rt.custom.list<Application>(ARGO_TYPES.application),
    listArgoClusters(rt),
  ]);
  const addons = argoAddons(rt.ctx);
  let soonest: number | undefined;
  for (const app of apps) {
    const owner = (app.metadata.ownerReferences ?? []).find(
      o => o.kind === 'ApplicationSet',
    );
    const addon = addons.find(a => {
      const ref = sourceRef(a, ARGOCD_NAMESPACE);
      return (
        ref.name === owner?.name && ref.namespace === app.metadata.namespace
      );
    });
    const destination = app.spec?.destination ?? {};
    const cluster =
      destination.name ??
      clusters.find(c => c.server === destination.server)?.name;
    // A property key as JavaScript reads one (no destination: "undefined").
    const state: AddonClusterState | undefined =
      addon?.clusters[String(cluster)];
    const next = nextApplicationStatus(app, state, now, rt.syncMs);
    if (next.recheckMs !== undefined) {
      soonest = Math.min(soonest ?? Infinity, next.recheckMs);
    }
    if (!next.status) continue;
    await rt.custom.update<Application>(
      ARGO_TYPES.application,
      app.metadata.namespace!,
      app.metadata.name,
      current => {
        const again = nextApplicationStatus(current, state, now, rt.syncMs);
        return again.status ? { ...current, status: again.status } : undefined;
      },
      'main',
      app,
    );
  }
  return soonest;
}

export function startApplicationController(rt: ArgoRuntime): Stoppable {
  return runReconcileLoop({
    name: 'argocd applications',
    kc: rt.custom.kc,
    watchPaths: ['/apis/argoproj.io/v1alpha1/applications'],
    reconcile: () => reconcileApplications(rt),
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
