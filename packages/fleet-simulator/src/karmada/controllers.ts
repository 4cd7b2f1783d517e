/** Starts Karmada's controllers (each in its own file) and stops them together. */
import type { SimulatorContext, Stoppable } from '../context';
import { startClusterStatusController } from './clusterStatusController';
import { joinMembers } from './seed';

export async function startControllers(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  // Joining waits for the aggregation layer to route to our server.
  const joining = joinMembers(ctx);
  const controllers: Stoppable[] = [startClusterStatusController(ctx)];
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
      await joining.catch(() => undefined);
    },
  };
}
