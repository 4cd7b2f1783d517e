/**
 * A service's what-if answer from its placement: outcome, placement after,
 * recovery objectives, quorum and dependencies.
 */
import type { ReplicaAssignment } from '../posture';
import { DR_STRATEGIES } from '../strategies';
import type {
  WhatIfObjective,
  WhatIfOutcome,
  WhatIfServiceInput,
  WhatIfServiceResult,
  WhatIfShortfall,
  WhatIfSourceMove,
} from './types';

/** What placing a service's lost replicas came to. */
export interface ServicePlacing {
  lostReplicas: number;
  placedReplicas: number;
  sources: WhatIfSourceMove[];
  shortfall?: WhatIfShortfall;
  reason?: string;
  dependencyProblems: string[];
}

function outcomeOf(lost: number, placed: number): WhatIfOutcome {
  if (lost === 0) return 'unaffected';
  if (placed === lost) return 'moved';
  return placed > 0 ? 'partial' : 'unplaceable';
}

/**
 * The strategy's best figure is what recovery takes when every replica
 * finds a place; with replicas left over the target is missed whatever it is.
 */
function objective(
  targetSeconds: number | undefined,
  expectedSeconds: number,
  everythingPlaced: boolean,
): WhatIfObjective {
  let kept: boolean | null = null;
  if (targetSeconds !== undefined) {
    kept = everythingPlaced && expectedSeconds <= targetSeconds;
  }
  return {
    ...(targetSeconds !== undefined ? { targetSeconds } : {}),
    expectedSeconds,
    kept,
  };
}

function byName(left: { name: string }, right: { name: string }): number {
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

/** The replicas left on survivors plus the moved ones, by cluster name. */
function placementAfter(
  service: WhatIfServiceInput,
  lost: ReadonlySet<string>,
  sources: readonly WhatIfSourceMove[],
): ReplicaAssignment {
  const after = new Map<string, number>();
  for (const { name, replicas } of service.placement) {
    if (replicas > 0 && !lost.has(name)) {
      after.set(name, (after.get(name) ?? 0) + replicas);
    }
  }
  for (const source of sources) {
    for (const { name, replicas } of source.targets) {
      after.set(name, (after.get(name) ?? 0) + replicas);
    }
  }
  return [...after]
    .map(([name, replicas]) => ({ name, replicas }))
    .sort(byName);
}

export function serviceResult(
  service: WhatIfServiceInput,
  priority: number,
  lost: ReadonlySet<string>,
  placing: ServicePlacing,
): WhatIfServiceResult {
  const { spec } = service;
  const { lostReplicas, placedReplicas, sources } = placing;
  const strategy = DR_STRATEGIES[spec.strategy];
  const everythingPlaced = placedReplicas === lostReplicas;
  const after = placementAfter(service, lost, sources);
  const replicasAfter = after.reduce((sum, entry) => sum + entry.replicas, 0);
  const minReplicas = spec.minReplicas ?? 1;
  return {
    entityRef: spec.entityRef,
    priority,
    ...(spec.tier !== undefined ? { tier: spec.tier } : {}),
    outcome: outcomeOf(lostReplicas, placedReplicas),
    lostReplicas,
    placedReplicas,
    sources,
    placementAfter: after,
    ...(placing.shortfall ? { shortfall: placing.shortfall } : {}),
    ...(placing.reason ? { reason: placing.reason } : {}),
    rto: objective(spec.rtoSeconds, strategy.bestRtoSeconds, everythingPlaced),
    rpo: objective(spec.rpoSeconds, strategy.bestRpoSeconds, everythingPlaced),
    quorum: { minReplicas, replicasAfter, kept: replicasAfter >= minReplicas },
    dependencies: {
      reachable: placing.dependencyProblems.length === 0,
      problems: placing.dependencyProblems,
    },
  };
}

/** Affected and short of a place, a quorum, an objective or a dependency. */
export function isAtRisk(result: WhatIfServiceResult): boolean {
  if (result.outcome === 'unaffected') return false;
  return (
    result.outcome !== 'moved' ||
    !result.quorum.kept ||
    result.rto.kept === false ||
    result.rpo.kept === false ||
    !result.dependencies.reachable
  );
}
