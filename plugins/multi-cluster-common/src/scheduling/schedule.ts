/**
 * The placement preview: one Karmada scheduling decision (filter, score,
 * estimate, spread selection, replica assignment), including the ordered
 * fallback over `clusterAffinities`.
 */
import { AffinityScope, compileScope } from './affinityScope';
import { applyPlacementDefaults } from './defaults';
import type { CompiledRequest } from './estimator';
import { NO_CLUSTERS_AVAILABLE_MESSAGE, PlacementError } from './errors';
import type { AttemptRecord } from './explain';
import { filterAndScore } from './filterAndScore';
import { fitErrorMessage } from './filters';
import { assignByOverflowTiers } from './overflow';
import type { ClusterAffinityTerm, KarmadaPlacement } from './placement';
import { selectClusters } from './spread';
import { resolveStrategy, STRATEGIES } from './strategies';
import { validateRequest } from './requestValidation';
import { failWith, resultWithLazyExplanation, sortedTargets } from './results';
import { nameOrderForUid } from './tieBreak';
import type { ScheduleRequest, ScheduleResult, TargetCluster } from './types';
import type { KarmadaRules } from './versionRules';

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
