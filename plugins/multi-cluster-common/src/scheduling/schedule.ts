/**
 * The placement preview: one Karmada scheduling decision (filter, score,
 * estimate, spread selection, replica assignment), including the ordered
 * fallback over `clusterAffinities`.
 */
import { allocatableReplicas, Candidate, LOCALITY_SCORE } from './candidates';
import { applyPlacementDefaults } from './defaults';
import type { CompiledRequest } from './estimator';
import { NO_CLUSTERS_AVAILABLE_MESSAGE, PlacementError } from './errors';
import type { AttemptRecord } from './explain';
import {
  compileReachability,
  FilterContext,
  firstFilterFailure,
  fitErrorMessage,
} from './filters';
import {
  ClusterPredicate,
  compileClusterAffinity,
} from './matching/clusterAffinity';
import { assignByOverflowTiers, overflowOrderOf } from './overflow';
import type {
  ClusterAffinity,
  ClusterAffinityTerm,
  KarmadaPlacement,
} from './placement';
import {
  effectiveSpreadConstraints,
  selectClusters,
  spreadIgnoredForPlacement,
} from './spread';
import { resolveStrategy, STRATEGIES, strategyOf } from './strategies';
import { invalidRequest, validateRequest } from './requestValidation';
import { failWith, resultWithLazyExplanation, sortedTargets } from './results';
import { nameOrderForUid } from './tieBreak';
import type {
  ScheduleRequest,
  ScheduleResult,
  TargetCluster,
  WorkloadResource,
} from './types';
import type { KarmadaRules } from './versionRules';

/** What a request without `resource` propagates. */
const DEFAULT_RESOURCE: WorkloadResource = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
};

/** The affinity one attempt schedules with. */
interface AffinityScope {
  affinity?: ClusterAffinity;
  term?: ClusterAffinityTerm;
}

/**
 * The placement as the release's scheduler receives it: before
 * `overflowAffinities` existed, the CRD drops the field.
 */
function placementSeenBy(
  placement: KarmadaPlacement,
  rules: KarmadaRules,
): KarmadaPlacement {
  const terms = placement.clusterAffinities;
  if (rules.overflowAffinities === 'honoured' || !terms) return placement;
  return {
    ...placement,
    clusterAffinities: terms.map(
      ({ overflowAffinities: _pruned, ...term }) => term,
    ),
  };
}

/** Index of the observed term; 0 when unset, unknown or Fresh. */
function startingTermIndex(
  terms: readonly ClusterAffinityTerm[],
  request: ScheduleRequest,
): number {
  if (request.fresh || !request.observedAffinityName) return 0;
  const index = terms.findIndex(
    term => term.affinityName === request.observedAffinityName,
  );
  return index < 0 ? 0 : index;
}

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

/** Compiled affinity of one attempt: the filter predicate and overflow tiers. */
interface CompiledScope {
  affinity?: ClusterPredicate;
  affinityLabel: string;
  /** Tier predicates (primary first) when assigning by overflow tiers. */
  tiers?: ClusterPredicate[];
}

function compileScope(
  scope: AffinityScope,
  workload: boolean,
  rules: KarmadaRules,
): CompiledScope {
  // A set clusterAffinity wins over the term (Karmada's ClusterAffinity
  // filter checks it first); overflow tiers only apply to workloads scheduled
  // with a clusterAffinities term.
  const overflow = scope.affinity ? undefined : scope.term?.overflowAffinities;
  const primaryAffinity = scope.affinity ?? scope.term;
  const affinityLabel =
    scope.term && !scope.affinity
      ? `clusterAffinities term "${scope.term.affinityName}"`
      : 'clusterAffinity';
  if (!primaryAffinity) return { affinityLabel };
  const primary = compileClusterAffinity(primaryAffinity, rules);
  if (!workload || !overflow || overflow.length === 0) {
    return { affinity: primary, affinityLabel };
  }
  const tiers = [
    primary,
    ...overflow.map(term => compileClusterAffinity(term, rules)),
  ];
  return {
    affinity: cluster => tiers.some(tier => tier(cluster)),
    affinityLabel,
    tiers,
  };
}

/**
 * Runs the filters over every cluster and turns the survivors into scored
 * (and, when needed, estimated) candidates.
 */
function filterAndScore(
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
    previousNames: new Set(previousPositions.keys()),
    evictingClusters: new Set(request.evictingClusters ?? []),
    requiresProvider: spreadFields.has('provider'),
    requiresRegion: spreadFields.has('region'),
    requiresZone: spreadFields.has('zone'),
  };
  // Only set when a dependency constrains placement, so the filter chain
  // (and the context's shape) is unchanged for everything else.
  const reachability = compileReachability(request.reachability);
  if (reachability) filterContext.reachability = reachability;

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

/** Runs a phase, wrapping its PlacementError like Go's `fmt.Errorf("<prefix>: %w")`. */
function inPhase<T>(prefix: string, record: AttemptRecord, phase: () => T): T {
  try {
    return phase();
  } catch (error) {
    if (error instanceof PlacementError) {
      throw failWith(error.wrap(prefix), record);
    }
    throw error;
  }
}

function scheduleWithAffinity(
  request: ScheduleRequest,
  placement: KarmadaPlacement,
  affinityScope: AffinityScope,
  compiled: CompiledRequest[] | undefined,
  rules: KarmadaRules,
): ScheduleResult {
  const workload =
    request.replicas > 0 || request.replicaRequirements !== undefined;
  const scope = compileScope(affinityScope, workload, rules);
  const { feasible, fitReasons, record } = filterAndScore(
    request,
    placement,
    scope,
    workload,
    compiled,
  );
  if (feasible.length === 0) {
    // FitError is returned unwrapped by Karmada's generic scheduler.
    throw failWith(
      new PlacementError(
        'NoClusterFit',
        fitErrorMessage(request.clusters.length, fitReasons),
      ),
      record,
    );
  }

  const selection = inPhase('failed to select clusters', record, () =>
    selectClusters(feasible, placement, request.replicas),
  );
  const selected = selection.selected;
  record.selected = selected;
  record.selectedBy = selection.selectedBy;

  const outcome = inPhase('failed to assign replicas', record, () => {
    if (selected.length === 0) {
      throw new PlacementError(
        'NoClustersAvailable',
        NO_CLUSTERS_AVAILABLE_MESSAGE,
      );
    }
    if (!workload) return undefined;
    const kind = resolveStrategy(placement);
    record.strategy = kind;
    const input = {
      candidates: selected,
      ordered: selection.ordered,
      replicas: request.replicas,
      placement,
      fresh: request.fresh === true,
      tieBreak: nameOrderForUid(request.uid),
      previousEntries: request.previous ?? [],
      rules,
    };
    return scope.tiers
      ? assignByOverflowTiers(input, STRATEGIES[kind])
      : STRATEGIES[kind](input);
  });

  if (!outcome) {
    // Services, ConfigMaps, replicas 0 without requirements: no replica count.
    const targets = selected.map(candidate => ({ name: candidate.name }));
    return resultWithLazyExplanation(sortedTargets(targets), record);
  }
  record.outcome = outcome;
  const targets: TargetCluster[] = [];
  for (let position = 0; position < selected.length; position++) {
    const replicas = outcome.replicas[position];
    if (replicas > 0) targets.push({ name: selected[position].name, replicas });
  }
  for (const { name, replicas } of outcome.departed ?? []) {
    targets.push({ name, replicas });
  }
  return resultWithLazyExplanation(sortedTargets(targets), record);
}

/**
 * Computes exactly the placement Karmada's scheduler would produce for the
 * request. Throws `PlacementError` (with Karmada's message) when Karmada
 * would fail to schedule.
 *
 * @public
 */
export function schedule(request: ScheduleRequest): ScheduleResult {
  const { compiled, rules } = validateRequest(request);
  const placement = placementSeenBy(
    applyPlacementDefaults(request.placement),
    rules,
  );
  const terms = placement.clusterAffinities;
  if (terms && terms.length > 0) {
    let firstError: PlacementError | undefined;
    for (
      let index = startingTermIndex(terms, request);
      index < terms.length;
      index++
    ) {
      try {
        const result = scheduleWithAffinity(
          request,
          placement,
          { affinity: placement.clusterAffinity, term: terms[index] },
          compiled,
          rules,
        );
        result.affinityName = terms[index].affinityName;
        return result;
      } catch (error) {
        if (!(error instanceof PlacementError)) throw error;
        firstError ??= error;
      }
    }
    // Every remaining term failed: Karmada reports the first error.
    if (firstError) throw firstError;
  }
  return scheduleWithAffinity(
    request,
    placement,
    { affinity: placement.clusterAffinity },
    compiled,
    rules,
  );
}
