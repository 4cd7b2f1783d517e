import { reachabilityProblem } from '../../../scheduling/filters/clusterSetReachability';
import { failoverTargets } from '../failoverTargets';
import type { PostureRule } from '../facts';
import type { DrFinding } from '../types';

/** Each failover target must reach the service's dependencies. */
export const failoverTargetReachabilityRule: PostureRule = facts => {
  const { reachability } = facts;
  if (!reachability) return [];
  const findings: DrFinding[] = [];
  for (const target of failoverTargets(facts)) {
    const problem = reachabilityProblem(target, reachability);
    if (!problem) continue;
    findings.push({
      id: 'failover-target-unreachable-dependency',
      severity: 'high',
      title: `Failover target ${target.name} cannot reach the service's dependencies`,
      detail: `${target.name} ${problem}: after a failover there, the service cannot call them.`,
      clusters: [target.name],
    });
  }
  return findings;
};
