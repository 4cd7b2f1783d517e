/**
 * ClusterSetReachability filter (Flotilla, not Karmada): a cluster can only
 * run the workload when, for every dependency, it is one of the dependency's
 * clusters or shares a cluster set with at least one of them. Cluster sets
 * are what a connectivity fabric (Submariner, Istio multi-cluster, Cilium
 * Cluster Mesh, MCS) joins; outside a shared set the dependency's Service is
 * not reachable.
 */
import { z } from 'zod';
import { PlacementError } from '../errors';
import type { ClusterSnapshot, ReachabilityRequirement } from '../types';
import type {
  ClusterFilter,
  CompiledDependency,
  CompiledReachability,
} from './types';

/**
 * Worded like Karmada's reasons so it reads naturally in the FitError histogram.
 *
 * @public
 */
export const REACHABILITY_REASON =
  "cluster(s) cannot reach the workload's dependencies";

/**
 * True when the two clusters share at least one cluster set. A cluster in no
 * set (undefined or empty) shares none.
 *
 * @public
 */
export function sharesClusterSet(a?: string[], b?: string[]): boolean {
  if (!a || !b || a.length === 0 || b.length === 0) return false;
  return a.some(set => b.includes(set));
}

const nonEmpty = (what: string) =>
  z
    .string({
      required_error: `${what} is required`,
      invalid_type_error: `${what} must be a string`,
    })
    .trim()
    .min(1, `${what} must not be empty`);

const clusterSetsSchema = z.array(nonEmpty('cluster set name'), {
  invalid_type_error: 'clusterSets must be a list of cluster set names',
});

const requirementSchema = z
  .object(
    {
      dependencies: z.array(
        z.object(
          {
            ref: nonEmpty('dependency ref'),
            clusters: z.array(
              z.object(
                {
                  name: nonEmpty('cluster name'),
                  clusterSets: clusterSetsSchema.optional(),
                },
                { invalid_type_error: 'a cluster must be an object' },
              ),
              {
                required_error: 'clusters is required (use [] when none)',
                invalid_type_error: 'clusters must be a list',
              },
            ),
          },
          { invalid_type_error: 'a dependency must be an object' },
        ),
        {
          required_error: 'dependencies is required',
          invalid_type_error: 'dependencies must be a list',
        },
      ),
    },
    { invalid_type_error: 'reachability must be an object' },
  )
  .strict();

function invalid(message: string): PlacementError {
  return new PlacementError('InvalidRequest', message);
}

/**
 * Checks a reachability requirement (and, when it constrains anything, the
 * clusters' `clusterSets`); throws `PlacementError` `InvalidRequest` naming
 * the first bad field.
 *
 * @public
 */
export function validateReachability(
  requirement: unknown,
  clusters: readonly ClusterSnapshot[] = [],
): void {
  const parsed = requirementSchema.safeParse(requirement);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['reachability', ...issue.path].join('.');
    throw invalid(`${path}: ${issue.message}`);
  }
  // Cluster sets of the candidates only matter when something constrains them.
  if (!parsed.data.dependencies.some(dep => dep.clusters.length > 0)) return;
  for (const cluster of clusters) validateClusterSets(cluster);
}

/** Hand-checked: this runs once per cluster of every constrained request. */
function validateClusterSets(cluster: ClusterSnapshot): void {
  const sets: unknown = cluster.clusterSets;
  if (sets === undefined) return;
  if (!Array.isArray(sets)) {
    throw invalid(
      `cluster "${cluster.name}" clusterSets: clusterSets must be a list of cluster set names`,
    );
  }
  for (let index = 0; index < sets.length; index++) {
    const set: unknown = sets[index];
    if (typeof set !== 'string' || set.trim().length === 0) {
      throw invalid(
        `cluster "${cluster.name}" clusterSets.${index}: cluster set name must be a non-empty string`,
      );
    }
  }
}

/**
 * Prepares a (validated) requirement; undefined when no dependency runs
 * anywhere, so the filter costs nothing.
 */
export function compileReachability(
  requirement: ReachabilityRequirement | undefined,
): CompiledReachability | undefined {
  // A dependency that runs nowhere yet has nothing to reach.
  const dependencies = (requirement?.dependencies ?? [])
    .filter(dependency => dependency.clusters.length > 0)
    .map(dependency => {
      const clusterNames = [
        ...new Set(dependency.clusters.map(cluster => cluster.name)),
      ].sort();
      return {
        ref: dependency.ref,
        clusterNames,
        clusterNameSet: new Set(clusterNames),
        clusterSets: new Set(
          dependency.clusters.flatMap(cluster => cluster.clusterSets ?? []),
        ),
      };
    });
  return dependencies.length > 0
    ? { dependencies, failures: new Map() }
    : undefined;
}

function reaches(
  cluster: ClusterSnapshot,
  dependency: CompiledDependency,
): boolean {
  if (dependency.clusterNameSet.has(cluster.name)) return true;
  const sets = cluster.clusterSets;
  if (!sets) return false;
  for (let index = 0; index < sets.length; index++) {
    if (dependency.clusterSets.has(sets[index])) return true;
  }
  return false;
}

/** The dependencies the cluster cannot reach (empty when it reaches all). */
export function unreachableDependencies(
  cluster: ClusterSnapshot,
  compiled: CompiledReachability,
): CompiledDependency[] {
  return compiled.dependencies.filter(
    dependency => !reaches(cluster, dependency),
  );
}

function reachesAll(
  cluster: ClusterSnapshot,
  compiled: CompiledReachability,
): boolean {
  const { dependencies } = compiled;
  for (let index = 0; index < dependencies.length; index++) {
    if (!reaches(cluster, dependencies[index])) return false;
  }
  return true;
}

/** e.g. `shares no cluster set with component:default/payments-db (runs on eu-1, eu-2)`. */
export function describeUnreachable(
  dependencies: readonly CompiledDependency[],
): string {
  return firstFew(
    dependencies,
    dependency =>
      `shares no cluster set with ${dependency.ref} (runs on ${firstFew(
        dependency.clusterNames,
        String,
        ', ',
      )})`,
    '; ',
  );
}

/**
 * Dependencies or clusters an explanation names: a requirement may name 200
 * dependencies on 20,000 clusters, and every cluster left out is explained.
 */
const NAMED_IN_EXPLANATION = 3;

function firstFew<T>(
  items: readonly T[],
  describe: (item: T) => string,
  separator: string,
): string {
  const shown = items.slice(0, NAMED_IN_EXPLANATION).map(describe);
  const more = items.length - shown.length;
  return `${shown.join(separator)}${
    more > 0 ? `${separator}and ${more} more` : ''
  }`;
}

// Requirements are treated as immutable: callers asking about one cluster
// at a time (advice, DR posture) validate and compile each one once.
const compiledByRequirement = new WeakMap<
  ReachabilityRequirement,
  { compiled?: CompiledReachability }
>();

/**
 * Why the cluster cannot reach the requirement's dependencies, or undefined
 * when it can (or nothing constrains it). For callers outside the scheduler
 * (placement advice, DR posture); throws `PlacementError` `InvalidRequest`
 * on a malformed requirement.
 *
 * @public
 */
export function reachabilityProblem(
  cluster: ClusterSnapshot,
  requirement: ReachabilityRequirement | undefined,
): string | undefined {
  if (requirement === undefined) return undefined;
  let entry = compiledByRequirement.get(requirement);
  if (!entry) {
    validateReachability(requirement);
    entry = { compiled: compileReachability(requirement) };
    compiledByRequirement.set(requirement, entry);
  }
  const { compiled } = entry;
  if (!compiled) return undefined;
  validateClusterSets(cluster);
  const unreachable = unreachableDependencies(cluster, compiled);
  return unreachable.length > 0 ? describeUnreachable(unreachable) : undefined;
}

/** @public */
export const clusterSetReachabilityFilter: ClusterFilter = (
  cluster,
  context,
) => {
  const compiled = context.reachability;
  // Allocation-free check first: most clusters of a constrained request pass.
  if (!compiled || reachesAll(cluster, compiled)) return undefined;
  const unreachable = unreachableDependencies(cluster, compiled);
  const key = unreachable
    .map(dependency => compiled.dependencies.indexOf(dependency))
    .join(',');
  let failure = compiled.failures.get(key);
  if (!failure) {
    failure = {
      plugin: 'ClusterSetReachability',
      karmadaReason: REACHABILITY_REASON,
      explanation: describeUnreachable(unreachable),
    };
    compiled.failures.set(key, failure);
  }
  return failure;
};

/**
 * How the cluster reaches each dependency, for the explanation of a chosen
 * cluster, e.g. `reaches component:default/payments-db through cluster set mesh-eu`.
 */
export function describeReachable(
  cluster: ClusterSnapshot,
  compiled: CompiledReachability,
): string[] {
  return compiled.dependencies.map(dependency => {
    if (dependency.clusterNameSet.has(cluster.name)) {
      return `runs beside ${dependency.ref}`;
    }
    const shared = (cluster.clusterSets ?? []).filter(set =>
      dependency.clusterSets.has(set),
    );
    return `reaches ${dependency.ref} through cluster set ${shared.join(', ')}`;
  });
}
