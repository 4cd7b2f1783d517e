import {
  estimateAvailableReplicas,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { StepError, StepExecutor } from './types';

/** Each target is in the fleet, not unhealthy, and has room for its replicas. */
export const precheckTarget: StepExecutor = async ({ run, step, deps }) => {
  const { targets } = step.params as {
    targets: { cluster: string; additionalReplicas: number }[];
  };
  const checked = [];
  for (const t of targets) {
    const cluster = await deps.inventory.getCluster(t.cluster);
    if (!cluster) {
      throw new StepError(`target ${t.cluster} is not in the fleet`, {
        retryable: false,
      });
    }
    if (cluster.health.status === 'unhealthy') {
      throw new StepError(
        `target ${t.cluster} is unhealthy: ${
          cluster.health.message ?? 'no detail'
        }`,
      );
    }
    const profile = toClusterProfile(cluster as any);
    let room: number | undefined;
    if (profile.resourceSummary) {
      room = estimateAvailableReplicas(
        profile,
        run.context.resourceRequest
          ? { resourceRequest: run.context.resourceRequest }
          : undefined,
      );
      if (room < t.additionalReplicas) {
        throw new StepError(
          `target ${t.cluster} has room for ${room} replica(s) but must take ${t.additionalReplicas}`,
        );
      }
    }
    checked.push({
      cluster: t.cluster,
      health: cluster.health.status,
      additionalReplicas: t.additionalReplicas,
      room: room ?? 'unknown',
    });
  }
  return { output: { targets: checked } };
};
