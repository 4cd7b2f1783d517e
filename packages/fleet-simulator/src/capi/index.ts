/**
 * Cluster API on the `capi` management cluster: every fleet member as a
 * workload cluster (seedClusterApi) and the controllers that make its
 * objects move (startClusterApi). See README.md in this folder.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { startClusterController } from './clusterController';
import { startControlPlaneController } from './controlPlaneController';
import { startMachineController } from './machineController';
import { startMachineDeploymentController } from './machineDeploymentController';
import { startTopologyController } from './topologyController';
import { capiRuntime } from './runtime';

export { seedClusterApi } from './seed';

export async function startClusterApi(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  const rt = capiRuntime(ctx);
  const controllers = [
    startMachineDeploymentController(rt),
    startMachineController(rt),
    startControlPlaneController(rt),
    startTopologyController(rt),
    startClusterController(rt),
  ];
  ctx.log(
    `capi: controllers started (machine delay ${rt.machineDelayMs} ms, rollout ${rt.rolloutMs} ms)`,
  );
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
    },
  };
}
