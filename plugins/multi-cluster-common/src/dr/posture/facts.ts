import type { ClusterProfile } from '../../fleet/cluster';
import type { WorkloadRequirements } from '../../recommend/types';
import { validateReachability } from '../../scheduling/filters/clusterSetReachability';
import type { ReachabilityRequirement } from '../../scheduling/types';
import type { ServiceDrSpec } from '../service';
import { DR_STRATEGIES, DrStrategy } from '../strategies';
import type { DrFinding, DrPostureContext, ReplicaAssignment } from './types';

/** What every posture rule may look at, worked out once per assessment. */
export interface PostureFacts {
  service: ServiceDrSpec;
  strategy: DrStrategy;
  fleet: ClusterProfile[];
  byName: Map<string, ClusterProfile>;
  /** The placement's entries with at least one replica. */
  running: ReplicaAssignment;
  runningClusters: string[];
  totalReplicas: number;
  /** What a cluster must fit to take the whole service. */
  requirements: WorkloadRequirements;
  /** The dependencies a failover target must reach, when known. */
  reachability?: ReachabilityRequirement;
}

/** One posture check: its findings, in the order they should be reported. */
export type PostureRule = (facts: PostureFacts) => DrFinding[];

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
