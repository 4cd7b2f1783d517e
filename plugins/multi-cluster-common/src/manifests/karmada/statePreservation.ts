/**
 * Karmada's state preservation (`spec.failover.application.statePreservation`,
 * Karmada v1.12+, feature gate StatefulFailoverInjection, alpha) for the
 * stateful parts a service declares (`flotilla.io/stateful-parts`, Velero
 * Schedule names). When Karmada itself fails an application over, it reads
 * each rule's `jsonPath` from the workload's status in the cluster it leaves
 * and injects the value as the label `aliasLabelName` on the workload in the
 * new cluster (upstream `BuildPreservedLabelState`). Karmada cannot restore
 * a Velero Backup; the label marks the moved workload as needing that part
 * restored (what Flotilla's runbook does in its state-restore step), and
 * carries the generation the failed cluster had observed, the one status
 * value every Deployment and StatefulSet reports.
 */
import type { KarmadaFailoverInput } from './types';

/** The label Karmada injects for a stateful part on the workload it moved. */
export const STATE_LABEL_PREFIX = 'restore.flotilla.io/';

/** `statePreservation` for the parts: one rule each. */
export function statePreservationRules(parts: string[]): {
  rules: { aliasLabelName: string; jsonPath: string }[];
} {
  return {
    rules: parts.map(part => ({
      aliasLabelName: `${STATE_LABEL_PREFIX}${part}`,
      jsonPath: '{.observedGeneration}',
    })),
  };
}

/** The failover settings with the parts' rules in application failover. */
export function withStatefulParts(
  failover: KarmadaFailoverInput,
  parts: string[] | undefined,
): KarmadaFailoverInput {
  if (!parts?.length || !failover.application) return failover;
  return {
    ...failover,
    application: {
      ...failover.application,
      statePreservation: statePreservationRules(parts),
    },
  };
}
