/**
 * Watches on the Karmada API server for what users and other components
 * change (policies, resource templates, Clusters): each event wakes the
 * controllers at once, so their periodic resync can stay slow. A watch that
 * ends (timeout, 410 Gone, the server restarting) is opened again from the
 * current state.
 */
import { Watch } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { karmadaKubeConfig } from './kube';
import type { Wake } from './loop';

export const WATCHED_PATHS = [
  '/apis/cluster.karmada.io/v1alpha1/clusters',
  '/apis/policy.karmada.io/v1alpha1/propagationpolicies',
  '/apis/policy.karmada.io/v1alpha1/clusterpropagationpolicies',
  '/apis/policy.karmada.io/v1alpha1/overridepolicies',
  '/apis/policy.karmada.io/v1alpha1/clusteroverridepolicies',
  '/apis/apps/v1/deployments',
];

const RETRY_MS = 2_000;

export function startWatchTriggers(
  ctx: SimulatorContext,
  wake: Wake,
  paths = WATCHED_PATHS,
): Stoppable {
  const watch = new Watch(karmadaKubeConfig(ctx.fleet));
  const open = new Set<AbortController>();
  let stopped = false;

  const follow = async (path: string) => {
    if (stopped || ctx.signal.aborted) return;
    const again = () => {
      if (!stopped) setTimeout(() => follow(path), RETRY_MS).unref();
    };
    try {
      // No resourceVersion: the server first replays the current state
      // (ADDED events), which also covers what changed while not watching.
      const controller = await watch.watch(
        path,
        { allowWatchBookmarks: false },
        () => wake.notify(),
        () => {
          open.delete(controller);
          again();
        },
      );
      open.add(controller);
    } catch {
      again();
    }
  };
  for (const path of paths) void follow(path);
  return {
    async stop() {
      stopped = true;
      for (const controller of open) controller.abort();
    },
  };
}
