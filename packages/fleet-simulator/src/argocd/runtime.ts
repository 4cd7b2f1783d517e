import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import { CoreObjects, CustomObjects, envMs } from '../capi/kube';
import { managementCluster } from '../capi/model';

/** What the Argo CD controllers share. */
export interface ArgoRuntime {
  ctx: SimulatorContext;
  custom: CustomObjects;
  core: CoreObjects;
  /** How long an automated sync to a new revision takes. */
  syncMs: number;
}

export function argoRuntime(ctx: SimulatorContext): ArgoRuntime {
  const kc = kubeConfigFor(managementCluster(ctx.fleet));
  return {
    ctx,
    custom: new CustomObjects(kc),
    core: new CoreObjects(kc),
    syncMs: envMs('FLOTILLA_SIM_SYNC_MS', 3000),
  };
}
