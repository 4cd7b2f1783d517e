import type { ClusterProfile } from '../../fleet/cluster';
import { validateReachability } from '../../scheduling/filters/clusterSetReachability';
import type { ServiceDrSpec } from '../service';
import { DR_STRATEGIES } from '../strategies';
import type {
  DrPostureContext,
  PostureFacts,
  ReplicaAssignment,
} from './types';

/** Works out the facts the rules share; throws on invalid dependencies. */
export function postureFacts(
  service: ServiceDrSpec,
  placement: ReplicaAssignment,
  fleet: ClusterProfile[],
  context: DrPostureContext,
): PostureFacts {
  const reachability = context.dependencies
    ? { dependencies: context.dependencies }
    : undefined;
  if (reachability) validateReachability(reachability, fleet);
  const running = placement.filter(t => t.replicas > 0);
  const totalReplicas = running.reduce((sum, t) => sum + t.replicas, 0);
  return {
    service,
    strategy: DR_STRATEGIES[service.strategy],
    fleet,
    byName: new Map(fleet.map(c => [c.name, c])),
    running,
    runningClusters: running.map(t => t.name),
    totalReplicas,
    requirements: {
      replicas: Math.max(1, totalReplicas),
      resourceRequest: service.resourceRequest,
    },
    reachability,
  };
}

/** The inventory's evidence behind an unhealthy verdict, as a sentence. */
export function evidenceOf(cluster: ClusterProfile): string {
  return cluster.healthDetail ? ` Evidence: ${cluster.healthDetail}.` : '';
}

/** Replicas the placement runs on a cluster, undefined when none. */
export function replicasOn(
  running: ReplicaAssignment,
  name: string | undefined,
): number | undefined {
  return running.find(t => t.name === name)?.replicas;
}
