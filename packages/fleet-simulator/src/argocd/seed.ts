/**
 * Seeds Argo CD on the `capi` management cluster: namespace `argocd`, the
 * `default` AppProject, one declarative cluster Secret per member (labelled
 * for the add-ons the scenario delivers there) and one ApplicationSet per
 * `argocd-applicationset` add-on, and the demo services' own Application and
 * ApplicationSet (serviceApps.ts). Generated Applications are the
 * ApplicationSet controller's to make (startArgoCd). Create-or-leave (a
 * paused sync stays paused), except the cluster Secrets, which follow
 * fleet.json (addresses and tokens may change).
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import { CoreObjects, CustomObjects } from '../capi/kube';
import { managementCluster } from '../capi/model';
import {
  ARGOCD_NAMESPACE,
  ARGO_TYPES,
  appProjectObject,
  applicationSetObject,
  clusterSecret,
  sourceRef,
} from './model';
import { serviceApplicationSets, serviceApplications } from './serviceApps';

export function argoAddons(ctx: SimulatorContext) {
  return ctx.scenario.addons.filter(
    a => a.delivery === 'argocd-applicationset',
  );
}

export async function seedArgoCd(ctx: SimulatorContext): Promise<void> {
  const kc = kubeConfigFor(managementCluster(ctx.fleet));
  const core = new CoreObjects(kc);
  const custom = new CustomObjects(kc);
  const addons = argoAddons(ctx);
  const namespaces = new Set([
    ARGOCD_NAMESPACE,
    ...addons.map(a => sourceRef(a, ARGOCD_NAMESPACE).namespace),
  ]);
  for (const ns of namespaces) await core.ensureNamespace(ns);
  await custom.createOrLeave(ARGO_TYPES.appProject, appProjectObject());
  const members = ctx.fleet.clusters.filter(c => c.kind === 'member');
  for (const member of members) {
    await core.applySecret(clusterSecret(member, addons));
  }
  const appSets = [
    ...addons.map(applicationSetObject),
    ...serviceApplicationSets(),
  ];
  for (const appSet of appSets) {
    await custom.createOrLeave(ARGO_TYPES.applicationSet, appSet);
  }
  for (const app of serviceApplications()) {
    await custom.createOrLeave(ARGO_TYPES.application, app);
  }
  ctx.log(
    `argocd: ${members.length} cluster Secrets, ${appSets.length} ApplicationSets in ${ARGOCD_NAMESPACE}`,
  );
}
