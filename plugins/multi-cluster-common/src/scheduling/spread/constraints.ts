/**
 * Spread constraints after Karmada's webhook defaulting, and the rules for
 * when they take part in selection.
 */
import type { KarmadaPlacement, SpreadConstraint } from '../placement';

export type SpreadField = 'cluster' | 'region' | 'zone' | 'provider';

export interface EffectiveSpreadConstraint {
  /** Empty for label-only constraints. */
  field: SpreadField | '';
  label?: string;
  /** Defaulted from 0 to 1. */
  minGroups: number;
  /** Not defaulted: 0 means "select zero groups". */
  maxGroups: number;
}

/** Webhook defaulting: no field and no label means `cluster`; minGroups 0 -> 1. */
export function effectiveSpreadConstraints(
  constraints: readonly SpreadConstraint[] | undefined,
): EffectiveSpreadConstraint[] {
  return (constraints ?? []).map(constraint => {
    const field =
      constraint.spreadByField ?? (constraint.spreadByLabel ? '' : 'cluster');
    return {
      field,
      label: constraint.spreadByLabel || undefined,
      minGroups: constraint.minGroups ? constraint.minGroups : 1,
      maxGroups: constraint.maxGroups ?? 0,
    };
  });
}

/**
 * Karmada `shouldIgnoreSpreadConstraint`: static weighting (weightPreference
 * absent, or a non-empty static list without dynamicWeight) selects every
 * candidate regardless of spread constraints.
 */
export function spreadIgnoredForPlacement(
  placement: KarmadaPlacement,
): boolean {
  const strategy = placement.replicaScheduling;
  if (!strategy) return false;
  if (
    strategy.replicaSchedulingType !== 'Divided' ||
    strategy.replicaDivisionPreference !== 'Weighted'
  ) {
    return false;
  }
  const preference = strategy.weightPreference;
  return (
    preference === undefined ||
    ((preference.staticWeightList?.length ?? 0) !== 0 &&
      !preference.dynamicWeight)
  );
}

/** Karmada `shouldIgnoreAvailableResource`: Duplicated selection ignores capacity. */
export function selectionIgnoresResources(
  placement: KarmadaPlacement,
): boolean {
  const strategy = placement.replicaScheduling;
  return !strategy || strategy.replicaSchedulingType === 'Duplicated';
}

/** Last constraint per field wins, like Karmada's map. */
export function constraintsByField(
  constraints: readonly EffectiveSpreadConstraint[],
): Map<SpreadField | '', EffectiveSpreadConstraint> {
  const byField = new Map<SpreadField | '', EffectiveSpreadConstraint>();
  for (const constraint of constraints)
    byField.set(constraint.field, constraint);
  return byField;
}
