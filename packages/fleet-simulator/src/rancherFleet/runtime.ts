import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import { CustomObjects } from '../capi/kube';
import { managementCluster } from '../capi/model';

/** What the Fleet controllers share. */
export interface FleetRuntime {
  ctx: SimulatorContext;
  custom: CustomObjects;
}

export function fleetRuntime(ctx: SimulatorContext): FleetRuntime {
  return {
    ctx,
    custom: new CustomObjects(kubeConfigFor(managementCluster(ctx.fleet))),
  };
}
