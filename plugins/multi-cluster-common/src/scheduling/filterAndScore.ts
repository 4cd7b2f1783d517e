/**
 * One attempt's filter and score phase: the filter chain over every
 * cluster, and the survivors as candidates with their locality score and
 * (when the attempt needs it) estimated capacity.
 */
import { allocatableReplicas, Candidate, LOCALITY_SCORE } from './candidates';
import type { CompiledRequest } from './estimator';
import type { AttemptRecord } from './explain';
import {
  compileReachability,
  FilterContext,
  firstFilterFailure,
} from './filters';
import { overflowOrderOf } from './overflow';
import type { KarmadaPlacement } from './placement';
import { invalidRequest } from './requestValidation';
import type { CompiledScope } from './affinityScope';
import {
  effectiveSpreadConstraints,
  spreadIgnoredForPlacement,
} from './spread';
import { strategyOf } from './strategies';
import type { ScheduleRequest, WorkloadResource } from './types';

/** What a request without `resource` propagates. */
const DEFAULT_RESOURCE: WorkloadResource = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
};

/** Does the attempt need estimator answers at all? */
function needsCapacity(
  placement: KarmadaPlacement,
  workload: boolean,
  tiered: boolean,
): boolean {
  if (!workload) return false;
  if (tiered) return true;
  const kind = strategyOf(placement);
  if (kind === 'DynamicWeight' || kind === 'Aggregated') return true;
  // Spread selection and region scores read `available`.
  return (
    effectiveSpreadConstraints(placement.spreadConstraints).length > 0 &&
    !spreadIgnoredForPlacement(placement)
  );
}

/** The filter chain's view of one attempt. */
function filterContextFor(
  request: ScheduleRequest,
  placement: KarmadaPlacement,
  scope: CompiledScope,
  previousNames: Set<string>,
): FilterContext {
  const spreadFields = new Set(
    (placement.spreadConstraints ?? []).map(
      constraint => constraint.spreadByField,
    ),
  );
  const filterContext: FilterContext = {
    resource: request.resource ?? DEFAULT_RESOURCE,
    affinity: scope.affinity,
    affinityLabel: scope.affinityLabel,
    tolerations: placement.clusterTolerations ?? [],
    previousNames,
    evictingClusters: new Set(request.evictingClusters ?? []),
    requiresProvider: spreadFields.has('provider'),
    requiresRegion: spreadFields.has('region'),
    requiresZone: spreadFields.has('zone'),
  };
  // Only set when a dependency constrains placement, so the filter chain
  // (and the context's shape) is unchanged for everything else.
  const reachability = compileReachability(request.reachability);
  if (reachability) filterContext.reachability = reachability;
  return filterContext;
}

/**
 * Runs the filters over every cluster and turns the survivors into scored
 * (and, when needed, estimated) candidates.
 */
export function filterAndScore(
  request: ScheduleRequest,
  placement: KarmadaPlacement,
  scope: CompiledScope,
  workload: boolean,
  compiled: CompiledRequest[] | undefined,
): {
  feasible: Candidate[];
  fitReasons: string[];
  record: AttemptRecord;
} {
  const { clusters } = request;
  // Position of each cluster in spec.clusters (names are unique there).
  const previousEntries = request.previous ?? [];
  const previousPositions = new Map<string, number>();
  previousEntries.forEach((entry, position) =>
    previousPositions.set(entry.name, position),
  );
  const filterContext = filterContextFor(
    request,
    placement,
    scope,
    new Set(previousPositions.keys()),
  );
  const estimate = needsCapacity(
    placement,
    workload,
    scope.tiers !== undefined,
  );
  const requests = estimate ? compiled : undefined;
  const { tiers } = scope;
  const candidateByInput: (Candidate | undefined)[] = new Array(
    clusters.length,
  );
  const feasible: Candidate[] = [];
  const fitReasons: string[] = [];
  for (let index = 0; index < clusters.length; index++) {
    const cluster = clusters[index];
    if (!cluster.name)
      throw invalidRequest(`cluster at index ${index} has no name`);
    const failure = firstFilterFailure(cluster, filterContext);
    if (failure) {
      fitReasons.push(failure.karmadaReason);
      continue;
    }
    const position =
      previousPositions.size === 0
        ? undefined
        : previousPositions.get(cluster.name);
    const previous =
      position === undefined ? 0 : previousEntries[position].replicas;
    // Non-workloads are not estimated; Karmada then uses spec.replicas (0).
    const allocatable = estimate ? allocatableReplicas(cluster, requests) : 0;
    const candidate: Candidate = {
      inputIndex: index,
      name: cluster.name,
      cluster,
      score: position === undefined ? 0 : LOCALITY_SCORE,
      allocatable,
      previous,
      previousPosition: position ?? -1,
      available: allocatable + previous,
      overflowOrder: tiers ? overflowOrderOf(cluster, tiers) : 0,
      rank: -1,
    };
    candidateByInput[index] = candidate;
    feasible.push(candidate);
  }
  const record: AttemptRecord = {
    clusters,
    filterContext,
    candidateByInput,
    workload,
    replicas: request.replicas,
  };
  return { feasible, fitReasons, record };
}
