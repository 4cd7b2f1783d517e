/**
 * Rancher Fleet on the `capi` management cluster: seeded Fleet Clusters,
 * ClusterGroups and GitRepos (seedRancherFleet), and the GitRepo/Bundle
 * controller and the agents' BundleDeployment status (startRancherFleet).
 * See ../capi/README.md.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { startAgentController } from './agentController';
import { startGitRepoController } from './gitRepoController';
import { fleetRuntime } from './runtime';

export { seedRancherFleet } from './seed';

export async function startRancherFleet(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  const rt = fleetRuntime(ctx);
  const controllers = [startGitRepoController(rt), startAgentController(rt)];
  return {
    async stop() {
      await Promise.all(controllers.map(c => c.stop()));
    },
  };
}
