import {
  builtInScorers,
  evaluateObjectives,
  type ClusterProfile,
  type EvaluatedObjectives,
  type PlacementFilter,
  type PlacementScorer,
  type WorkloadRequirements,
} from '@flotilla/plugin-multi-cluster-common';
import type { MultiClusterPlacementExtensionPoint } from '@flotilla/plugin-multi-cluster-node';

/** One objective advice weighs, and whether a backend module added it. */
export interface PlacementObjective {
  id: string;
  weight: number;
  origin: 'built-in' | 'module';
}

/** Why a module's objective cannot be used; fails the backend's startup. */
function registrationProblem(
  kind: 'scorer' | 'filter',
  candidate: PlacementScorer | PlacementFilter,
  taken: ReadonlySet<string>,
): string | undefined {
  const id = (candidate as { id?: unknown })?.id;
  if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(id)) {
    return `a placement ${kind} needs an id of lowercase letters, digits and dashes, got ${JSON.stringify(
      id,
    )}`;
  }
  if (taken.has(id)) {
    return `placement ${kind} id '${id}' is already taken`;
  }
  if (kind === 'scorer') {
    const { weight, score } = candidate as PlacementScorer;
    if (!Number.isFinite(weight) || weight < 0 || typeof score !== 'function') {
      return `placement scorer '${id}' needs a score function and a finite weight of 0 or more`;
    }
  } else if (typeof (candidate as PlacementFilter).filter !== 'function') {
    return `placement filter '${id}' needs a filter function`;
  }
  return undefined;
}

/**
 * The scorers and filters backend modules add through
 * `multiClusterPlacementExtensionPoint`, evaluated on the main thread so
 * the worker that computes advice gets only their answers.
 */
export class PlacementObjectives {
  private readonly scorers: PlacementScorer[] = [];
  private readonly filters: PlacementFilter[] = [];
  private readonly problems: string[] = [];
  private readonly scorerIds = new Set(builtInScorers.map(s => s.id));
  private readonly filterIds = new Set<string>();

  readonly extensionPoint: MultiClusterPlacementExtensionPoint = {
    addScorer: (...scorers) => {
      for (const scorer of scorers) this.add('scorer', scorer);
    },
    addFilter: (...filters) => {
      for (const filter of filters) this.add('filter', filter);
    },
  };

  private add(
    kind: 'scorer' | 'filter',
    candidate: PlacementScorer | PlacementFilter,
  ) {
    const ids = kind === 'scorer' ? this.scorerIds : this.filterIds;
    const problem = registrationProblem(kind, candidate, ids);
    if (problem) {
      this.problems.push(problem);
      return;
    }
    ids.add(candidate.id);
    if (kind === 'scorer') this.scorers.push(candidate as PlacementScorer);
    else this.filters.push(candidate as PlacementFilter);
  }

  /** Throws the registration problems: the plugin calls this at startup. */
  assertValid(): void {
    if (this.problems.length > 0) {
      throw new Error(
        `Invalid placement objectives: ${this.problems.join('; ')}`,
      );
    }
  }

  /** Every objective advice weighs, built-in ones first. */
  list(): PlacementObjective[] {
    return [
      ...builtInScorers.map(s => ({
        id: s.id,
        weight: s.weight,
        origin: 'built-in' as const,
      })),
      ...this.scorers.map(s => ({
        id: s.id,
        weight: s.weight,
        origin: 'module' as const,
      })),
    ];
  }

  /** What the modules' objectives say; undefined when no module added any. */
  evaluate(
    requirements: WorkloadRequirements,
    fleet: ClusterProfile[],
  ): EvaluatedObjectives | undefined {
    if (this.scorers.length === 0 && this.filters.length === 0) {
      return undefined;
    }
    try {
      return evaluateObjectives(requirements, fleet, {
        filters: this.filters,
        scorers: this.scorers,
      });
    } catch {
      // Each scorer and filter is guarded, so only a request the advice
      // refuses gets here (e.g. a quantity that does not parse): the worker
      // validates it and answers with the usual 400 or 422.
      return undefined;
    }
  }
}
