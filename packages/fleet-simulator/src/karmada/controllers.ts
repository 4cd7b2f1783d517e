/** Starts Karmada's controllers (each in its own file) and stops them together. */
import type { SimulatorContext, Stoppable } from '../context';
import { startBindingController } from './bindingController';
import { startBindingStatusController } from './bindingStatusController';
import { startClusterStatusController } from './clusterStatusController';
import { startDetector } from './detectorController';
import { startExecutionController } from './executionController';
import { startScheduler } from './schedulerController';
import { Wake } from './loop';
import { joinMembers } from './seed';
import { startWatchTriggers } from './watchTriggers';

export async function startControllers(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  // Joining waits for the aggregation layer to route to our server.
  const joining = joinMembers(ctx);
  // A write by one controller wakes the others (as watch events would).
  const wake = new Wake();
  const controllers: Stoppable[] = [
    startWatchTriggers(ctx, wake),
    // Probing members is the costly part: only its resync and faults wake it.
    startClusterStatusController(ctx, new Wake(), wake),
    startDetector(ctx, wake),
    startScheduler(ctx, wake),
    startBindingController(ctx, wake),
    startExecutionController(ctx, wake),
    startBindingStatusController(ctx, wake),
  ];
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
      await joining.catch(() => undefined);
    },
  };
}
