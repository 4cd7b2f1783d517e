import type { ClusterProfile } from '../fleet/cluster';
import { reachabilityProblem } from '../scheduling/filters/clusterSetReachability';
import type { ReachabilityRequirement } from '../scheduling/types';
import { failoverTargetProblem } from './failoverHealth';

/**
 * One target of the exact split a region failover's plan chose for one
 * source cluster's replicas.
 *
 * @public
 */
export interface PlannedTarget {
  name: string;
  replicas: number;
}

/** Why one planned target cannot take replicas from `from`, if it cannot. */
function targetProblem(
  target: PlannedTarget,
  cluster: ClusterProfile | undefined,
  context: {
    from: string;
    entityRef: string;
    reachability: ReachabilityRequirement | undefined;
  },
): string | undefined {
  const { name, replicas } = target;
  if (!Number.isInteger(replicas) || replicas < 1) {
    return `target cluster '${name}' must take a whole number of replicas >= 1, not ${replicas}`;
  }
  if (!cluster) return `target cluster '${name}' is not in the fleet`;
  if (name === context.from) return 'the target must differ from the source';
  const unhealthy = failoverTargetProblem(cluster);
  if (unhealthy) return unhealthy;
  const unreachable = reachabilityProblem(cluster, context.reachability);
  return unreachable
    ? `target cluster '${name}' cannot reach the dependencies of ${context.entityRef}: ${name} ${unreachable}`
    : undefined;
}

/**
 * Why a planned split cannot be used as it is, if it cannot: every target
 * must be a healthy fleet cluster other than the source that reaches the
 * service's dependencies, named once, and the replicas must add up to what
 * the source runs (the split moves all of them, no more). Room is the
 * plan's to have checked: it placed the services one after another.
 */
export function plannedTargetsProblem(
  targets: PlannedTarget[],
  context: {
    from: string;
    entityRef: string;
    moved: number;
    fleet: ClusterProfile[];
    reachability: ReachabilityRequirement | undefined;
  },
): string | undefined {
  if (targets.length === 0) return 'the planned targets are empty';
  // The last entry of a name wins, as in every by-name lookup of the fleet.
  const byName = new Map(context.fleet.map(c => [c.name, c]));
  const seen = new Set<string>();
  for (const target of targets) {
    if (seen.has(target.name)) {
      return `target cluster '${target.name}' is planned twice`;
    }
    seen.add(target.name);
    const problem = targetProblem(target, byName.get(target.name), context);
    if (problem) return problem;
  }
  const planned = targets.reduce((sum, t) => sum + t.replicas, 0);
  return planned === context.moved
    ? undefined
    : `the planned targets take ${planned} replica(s) but ${context.from} runs ${context.moved} of ${context.entityRef}`;
}
