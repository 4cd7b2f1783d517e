/** Starts Karmada's controllers (each in its own file) and stops them together. */
import type { SimulatorContext, Stoppable } from '../context';
import { startBindingController } from './bindingController';
import { startBindingStatusController } from './bindingStatusController';
import { startClusterStatusController } from './clusterStatusController';
import { startDetector } from './detectorController';
import { startExecutionController } from './executionController';
import { startScheduler } from './schedulerController';
import { joinMembers } from './seed';

export async function startControllers(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  // Joining waits for the aggregation layer to route to our server.
  const joining = joinMembers(ctx);
  const controllers: Stoppable[] = [
    startClusterStatusController(ctx),
    startDetector(ctx),
    startScheduler(ctx),
    startBindingController(ctx),
    startExecutionController(ctx),
    startBindingStatusController(ctx),
  ];
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
      await joining.catch(() => undefined);
    },
  };
}
