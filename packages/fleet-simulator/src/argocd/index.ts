/**
 * Argo CD on the `capi` management cluster: the seeded cluster Secrets and
 * ApplicationSets (seedArgoCd) and the ApplicationSet and Application
 * controllers (startArgoCd). See ../capi/README.md.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { startApplicationController } from './applicationController';
import { startApplicationSetController } from './applicationSetController';
import { argoRuntime } from './runtime';

export { seedArgoCd } from './seed';

export async function startArgoCd(ctx: SimulatorContext): Promise<Stoppable> {
  const rt = argoRuntime(ctx);
  const controllers = [
    startApplicationSetController(rt),
    startApplicationController(rt),
  ];
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
    },
  };
}
