/**
 * The members of the fleet: what their installers and controllers would
 * have left on them (seedMembers) and the controllers of kube-controller-
 * manager that cannot run here (startMembers: Deployment readiness, the
 * node lifecycle's not-ready taint).
 */
import type { SimulatorContext, Stoppable } from '../context';
import { startDeploymentReadiness } from './deploymentReadiness';
import { startNodeLifecycle } from './nodeLifecycle';

export { seedMembers, seedMember, memberObjects } from './seed';
export {
  startDeploymentReadiness,
  readyDelayMs,
  READY_DELAY_ENV,
} from './deploymentReadiness';
export { startNodeLifecycle } from './nodeLifecycle';

export async function startMembers(ctx: SimulatorContext): Promise<Stoppable> {
  const started = [
    await startDeploymentReadiness(ctx),
    await startNodeLifecycle(ctx),
  ];
  return {
    async stop() {
      await Promise.all(started.map(s => s.stop()));
    },
  };
}
