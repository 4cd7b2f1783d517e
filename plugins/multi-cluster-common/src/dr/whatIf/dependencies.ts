/**
 * A service's dependencies after a loss: the clusters each still runs on
 * (what moved replicas must reach), and the dependencies the loss cut off.
 */
import { sharesClusterSet } from '../../scheduling/filters/clusterSetReachability';
import type {
  ClusterSnapshot,
  ReachabilityRequirement,
} from '../../scheduling/types';

type Dependency = ReachabilityRequirement['dependencies'][number];

export interface SurvivingDependencies {
  /** The `schedule` filter: each dependency on its surviving clusters. */
  requirement?: ReachabilityRequirement;
  problems: string[];
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

export function survivingDependencies(
  dependencies: readonly Dependency[] | undefined,
  lost: ReadonlySet<string>,
): SurvivingDependencies {
  if (!dependencies || dependencies.length === 0) return { problems: [] };
  const problems: string[] = [];
  const surviving = dependencies.map(dependency => {
    const clusters = dependency.clusters.filter(c => !lost.has(c.name));
    if (dependency.clusters.length > 0 && clusters.length === 0) {
      problems.push(
        `${dependency.ref} runs only on lost clusters (${listed(
          dependency.clusters.map(c => c.name),
        )})`,
      );
    }
    return { ref: dependency.ref, clusters };
  });
  return { requirement: { dependencies: surviving }, problems };
}

function reaches(cluster: ClusterSnapshot, dependency: Dependency): boolean {
  return dependency.clusters.some(
    other =>
      other.name === cluster.name ||
      sharesClusterSet(cluster.clusterSets, other.clusterSets),
  );
}

/** The dependencies (still running somewhere) that no survivor reaches. */
export function unreachableFromSurvivors(
  requirement: ReachabilityRequirement | undefined,
  survivors: readonly ClusterSnapshot[],
): string[] {
  return (requirement?.dependencies ?? [])
    .filter(dependency => dependency.clusters.length > 0)
    .filter(dependency => !survivors.some(c => reaches(c, dependency)))
    .map(
      dependency =>
        `no surviving cluster reaches ${dependency.ref} (runs on ${listed(
          dependency.clusters.map(c => c.name),
        )})`,
    );
}
