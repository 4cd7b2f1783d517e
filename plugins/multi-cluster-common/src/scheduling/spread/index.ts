/**
 * Spread-constraint selection dispatcher (Karmada `SelectBestClusters`).
 */
import { Candidate, rankByPosition } from '../candidates';
import { PlacementError, SPREAD_MESSAGES } from '../errors';
import type { KarmadaPlacement } from '../placement';
import {
  constraintsByField,
  effectiveSpreadConstraints,
  selectionIgnoresResources,
  spreadIgnoredForPlacement,
} from './constraints';
import { selectByCluster, SpreadSelectionError } from './selectByCluster';
import { selectByRegion } from './selectByRegion';
import { GroupSelectionLimitError } from './selectGroups';

export {
  effectiveSpreadConstraints,
  spreadIgnoredForPlacement,
} from './constraints';
export type { EffectiveSpreadConstraint, SpreadField } from './constraints';

export interface SpreadSelection {
  selected: Candidate[];
  /** True when `selected` is ordered (and ranked) as Karmada hands it to assignment. */
  ordered: boolean;
  /** The constraint that selected, for explanations. */
  selectedBy?: 'cluster' | 'region';
}

/**
 * Applies spread constraints to the candidates. Throws a PlacementError with
 * Karmada's message (unwrapped; the caller adds `failed to select clusters`),
 * or `InvalidRequest` when region selection is past its work budget.
 */
export function selectClusters(
  candidates: Candidate[],
  placement: KarmadaPlacement,
  replicas: number,
): SpreadSelection {
  const constraints = effectiveSpreadConstraints(placement.spreadConstraints);
  if (constraints.length === 0 || spreadIgnoredForPlacement(placement)) {
    return { selected: candidates, ordered: false };
  }
  const byField = constraintsByField(constraints);
  const ignoreResources = selectionIgnoresResources(placement);
  try {
    const regionConstraint = byField.get('region');
    if (regionConstraint) {
      const selected = selectByRegion({
        candidates,
        regionConstraint,
        clusterConstraint: byField.get('cluster'),
        replicas,
        duplicated: ignoreResources,
      });
      rankByPosition(selected);
      return { selected, ordered: true, selectedBy: 'region' };
    }
    const clusterConstraint = byField.get('cluster');
    if (clusterConstraint) {
      const { selected, ordered } = selectByCluster(
        candidates,
        clusterConstraint,
        ignoreResources ? undefined : replicas,
      );
      if (ordered) rankByPosition(selected);
      return { selected, ordered, selectedBy: 'cluster' };
    }
  } catch (error) {
    if (error instanceof SpreadSelectionError) {
      throw new PlacementError('SpreadConstraintUnsatisfiable', error.message);
    }
    if (error instanceof GroupSelectionLimitError) {
      // Past the selection's work budget: a refusal, not Karmada's verdict.
      throw new PlacementError('InvalidRequest', error.message);
    }
    throw error;
  }
  throw new PlacementError(
    'SpreadConstraintUnsatisfiable',
    SPREAD_MESSAGES.onlyClusterAndRegion,
  );
}
