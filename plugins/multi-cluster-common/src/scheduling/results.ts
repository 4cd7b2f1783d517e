/**
 * A scheduling attempt's answer: targets sorted by name (a repeated name is
 * refused, not merged), with the per-cluster explanation built on demand.
 */
import type { PlacementError } from './errors';
import { AttemptRecord, buildExplanation } from './explain';
import { invalidRequest } from './requestValidation';
import type {
  ClusterExplanation,
  ScheduleResult,
  TargetCluster,
} from './types';

function byName(left: TargetCluster, right: TargetCluster): number {
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

/**
 * Targets sorted by name. Cluster names are unique in Karmada; a repeated
 * name shows up as neighbours here and is rejected rather than merged.
 */
export function sortedTargets(targets: TargetCluster[]): TargetCluster[] {
  targets.sort(byName);
  for (let index = 1; index < targets.length; index++) {
    if (targets[index].name === targets[index - 1].name) {
      throw invalidRequest(
        `cluster "${targets[index].name}" is listed more than once`,
      );
    }
  }
  return targets;
}

/** Result whose explanation is computed on first access. */
export function resultWithLazyExplanation(
  targets: TargetCluster[],
  record: AttemptRecord,
): ScheduleResult {
  let explanation: ClusterExplanation[] | undefined;
  const result = { targets } as ScheduleResult;
  Object.defineProperty(result, 'explanation', {
    enumerable: true,
    configurable: true,
    get() {
      explanation ??= buildExplanation(record);
      return explanation;
    },
    set(value: ClusterExplanation[]) {
      explanation = value;
    },
  });
  return result;
}

export function failWith(
  error: PlacementError,
  record: AttemptRecord,
): PlacementError {
  error.explanation = buildExplanation(record);
  return error;
}
