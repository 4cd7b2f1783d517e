/**
 * Defaults Karmada applies to a PropagationPolicy placement before the
 * scheduler sees it (CRD default and mutating webhook).
 */
import type { KarmadaPlacement, ReplicaSchedulingStrategy } from './placement';

function defaultReplicaScheduling(
  strategy: ReplicaSchedulingStrategy | undefined,
): ReplicaSchedulingStrategy | undefined {
  if (!strategy) return undefined;
  // CRD default: Divided when the replicaScheduling object exists.
  const replicaSchedulingType = strategy.replicaSchedulingType || 'Divided';
  // Webhook: Divided without a preference becomes Weighted.
  const replicaDivisionPreference =
    strategy.replicaDivisionPreference ||
    (replicaSchedulingType === 'Divided' ? 'Weighted' : undefined);
  const defaulted: ReplicaSchedulingStrategy = {
    ...strategy,
    replicaSchedulingType,
  };
  if (replicaDivisionPreference) {
    defaulted.replicaDivisionPreference = replicaDivisionPreference;
  }
  return defaulted;
}

/**
 * The placement as stored after admission. Input is not modified.
 *
 * @public
 */
export function applyPlacementDefaults(
  placement: KarmadaPlacement,
): KarmadaPlacement {
  const defaulted: KarmadaPlacement = { ...placement };
  const replicaScheduling = defaultReplicaScheduling(
    placement.replicaScheduling,
  );
  if (replicaScheduling) defaulted.replicaScheduling = replicaScheduling;
  if (placement.spreadConstraints) {
    defaulted.spreadConstraints = placement.spreadConstraints.map(
      constraint => ({
        ...constraint,
        spreadByField:
          constraint.spreadByField ||
          (constraint.spreadByLabel ? undefined : 'cluster'),
        minGroups: constraint.minGroups || 1,
      }),
    );
  }
  return defaulted;
}
