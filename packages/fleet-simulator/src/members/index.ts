/**
 * The members of the fleet: what their installers and controllers would
 * have left on them (seedMembers) and the controllers that cannot run here
 * (startMembers: Deployment readiness).
 */
import type { SimulatorContext, Stoppable } from '../context';
import { startDeploymentReadiness } from './deploymentReadiness';

export { seedMembers, seedMember, memberObjects } from './seed';
export {
  startDeploymentReadiness,
  readyDelayMs,
  READY_DELAY_ENV,
} from './deploymentReadiness';

export async function startMembers(ctx: SimulatorContext): Promise<Stoppable> {
  return startDeploymentReadiness(ctx);
}
