/**
 * Open Cluster Management on the `ocm` hub: the managed members as
 * ManagedClusters, cluster sets and the storefront's Placement (seedOcm),
 * and the hub's registration and placement controllers (startOcm). See the
 * OCM section of the package README.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor } from '../fleet';
import { HubObjects } from './kube';
import { ocmHub } from './model';
import { startPlacementController } from './placementController';
import { startRegistrationController } from './registrationController';

export { seedOcm } from './seed';

/** Starts the hub's controllers; nothing when the fleet has no `ocm` server. */
export async function startOcm(ctx: SimulatorContext): Promise<Stoppable> {
  const hubCluster = ocmHub(ctx.fleet);
  if (!hubCluster) return { stop: async () => undefined };
  const hub = new HubObjects(kubeConfigFor(hubCluster));
  const controllers = [
    startRegistrationController(ctx, { hub }),
    startPlacementController(ctx, { hub }),
  ];
  ctx.log(
    `ocm: registration and placement controllers started on ${hubCluster.name}`,
  );
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
    },
  };
}
