/**
 * Strategy resolution (Karmada `newAssignState`) and the strategy table.
 */
import { PlacementError, unsupportedStrategyMessage } from '../errors';
import type { KarmadaPlacement } from '../placement';
import { assignAggregated } from './aggregated';
import { assignDuplicated } from './duplicated';
import { assignDynamicWeight } from './dynamicWeight';
import { assignStaticWeight } from './staticWeight';
import type { AssignStrategy, StrategyKind } from './types';

export type {
  AssignmentInput,
  AssignmentMode,
  AssignmentOutcome,
  AssignStrategy,
  StrategyKind,
} from './types';
export { NOT_A_PARTY } from './types';

export const STRATEGIES: Record<StrategyKind, AssignStrategy> = {
  Duplicated: assignDuplicated,
  StaticWeight: assignStaticWeight,
  DynamicWeight: assignDynamicWeight,
  Aggregated: assignAggregated,
};

/**
 * Strategy of a (defaulted) placement, or undefined when Karmada has no
 * strategy for it.
 *
 * @public
 */
export function strategyOf(
  placement: KarmadaPlacement,
): StrategyKind | undefined {
  const strategy = placement.replicaScheduling;
  if (!strategy) return 'Duplicated';
  switch (strategy.replicaSchedulingType) {
    case 'Duplicated':
      return 'Duplicated';
    case 'Divided':
      switch (strategy.replicaDivisionPreference) {
        case 'Aggregated':
          return 'Aggregated';
        case 'Weighted':
          return strategy.weightPreference?.dynamicWeight
            ? 'DynamicWeight'
            : 'StaticWeight';
        default:
          return undefined;
      }
    default:
      return undefined;
  }
}

/** Like `strategyOf`, but throws Karmada's error for unsupported combinations. */
export function resolveStrategy(placement: KarmadaPlacement): StrategyKind {
  const kind = strategyOf(placement);
  if (kind) return kind;
  throw new PlacementError(
    'UnsupportedStrategy',
    unsupportedStrategyMessage(
      placement.replicaScheduling?.replicaSchedulingType ?? 'Duplicated',
      placement.replicaScheduling?.replicaDivisionPreference ?? '',
    ),
  );
}
