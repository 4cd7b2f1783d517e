/**
 * Placing one affected service: each lost cluster's replicas (in name order)
 * scheduled over the survivors as they are after the services placed
 * before it, and the capacity they take booked before the next.
 */
import {
  type CapacityLedger,
  replicaShares,
  type ResourceShare,
} from './capacity';
import {
  type SurvivingDependencies,
  survivingDependencies,
  unreachableFromSurvivors,
} from './dependencies';
import { fitReplicas, type ScheduleBase } from './fitReplicas';
import { movedReplicaPlacement } from './movedPlacement';
import type { ServicePlacing } from './serviceResult';
import { describeShortfall, scarcestShortfall } from './shortfall';
import type { WhatIfServiceInput, WhatIfSourceMove } from './types';

export interface PlanningContext {
  ledger: CapacityLedger;
  lost: ReadonlySet<string>;
}

function byteOrder(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}

/** Replicas per lost cluster the service runs on, in name order. */
export function lostSources(
  service: WhatIfServiceInput,
  lost: ReadonlySet<string>,
): { from: string; replicas: number }[] {
  const byCluster = new Map<string, number>();
  for (const { name, replicas } of service.placement) {
    if (replicas > 0 && lost.has(name)) {
      byCluster.set(name, (byCluster.get(name) ?? 0) + replicas);
    }
  }
  return [...byCluster.keys()]
    .sort(byteOrder)
    .map(from => ({ from, replicas: byCluster.get(from) ?? 0 }));
}

function scheduleBase(
  service: WhatIfServiceInput,
  context: PlanningContext,
  dependencies: SurvivingDependencies,
): ScheduleBase {
  const { resourceRequest } = service.spec;
  return {
    placement: movedReplicaPlacement(service.spec),
    clusters: context.ledger.survivors,
    ...(resourceRequest ? { replicaRequirements: { resourceRequest } } : {}),
    ...(dependencies.requirement
      ? { reachability: dependencies.requirement }
      : {}),
  };
}

interface SourcesPlaced {
  sources: WhatIfSourceMove[];
  placed: number;
  failure?: string;
  feasible: Set<string>;
}

function placeSources(
  sources: readonly { from: string; replicas: number }[],
  base: ScheduleBase,
  shares: readonly ResourceShare[],
  ledger: CapacityLedger,
): SourcesPlaced {
  const moves: WhatIfSourceMove[] = [];
  const feasible = new Set<string>();
  let placed = 0;
  let failure: string | undefined;
  for (const { from, replicas } of sources) {
    const fit = fitReplicas(base, replicas);
    for (const target of fit.targets) {
      ledger.take(target.name, target.replicas, shares);
    }
    moves.push({ from, replicas, targets: fit.targets });
    placed += fit.placed;
    failure ??= fit.failure;
    for (const name of fit.feasible ?? []) feasible.add(name);
  }
  return { sources: moves, placed, failure, feasible };
}

/** Places the service's lost replicas and books the capacity they take. */
export function placeService(
  service: WhatIfServiceInput,
  context: PlanningContext,
): ServicePlacing {
  const { ledger, lost } = context;
  const sources = lostSources(service, lost);
  const lostReplicas = sources.reduce((sum, s) => sum + s.replicas, 0);
  const dependencies = survivingDependencies(service.dependencies, lost);
  const dependencyProblems = [...dependencies.problems];
  if (lostReplicas === 0) {
    return { lostReplicas, placedReplicas: 0, sources: [], dependencyProblems };
  }
  const { shares, problem } = replicaShares(service.spec.resourceRequest);
  if (problem !== undefined) {
    return {
      lostReplicas,
      placedReplicas: 0,
      sources: sources.map(s => ({ ...s, targets: [] })),
      reason: `its resource request cannot be read: ${problem}`,
      dependencyProblems,
    };
  }
  const base = scheduleBase(service, context, dependencies);
  const placing = placeSources(sources, base, shares, ledger);
  const unplaced = lostReplicas - placing.placed;
  if (unplaced === 0) {
    return {
      lostReplicas,
      placedReplicas: placing.placed,
      sources: placing.sources,
      dependencyProblems,
    };
  }
  dependencyProblems.push(
    ...unreachableFromSurvivors(dependencies.requirement, ledger.survivors),
  );
  const shortfall = scarcestShortfall(
    ledger,
    [...placing.feasible],
    shares,
    unplaced,
  );
  const why = shortfall ? describeShortfall(shortfall) : placing.failure;
  return {
    lostReplicas,
    placedReplicas: placing.placed,
    sources: placing.sources,
    ...(shortfall ? { shortfall } : {}),
    reason: `${unplaced} of ${lostReplicas} lost replica(s) find no place: ${
      why ?? 'no surviving cluster can take them'
    }`,
    dependencyProblems,
  };
}
