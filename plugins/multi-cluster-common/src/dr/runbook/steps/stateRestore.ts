import type { RunbookStep } from '../types';

/**
 * Restores each stateful part on the targets from the latest completed
 * Velero Backup of the source, before replicas move there; the achieved
 * RPO is the age of that backup. A rollback restores the source from the
 * targets' state.
 */
export const stateRestoreStep: RunbookStep<'state-restore'> = {
  kind: 'state-restore',
  timeoutSeconds: 900,
  maxAttempts: 3,
  failover: ({ request, targets }) => {
    const parts = request.service.statefulParts ?? [];
    return {
      title: 'Restore state',
      description: parts.length
        ? `Restore ${parts.join(', ')} on ${targets.join(
            ', ',
          )} from the latest completed backup of ${request.from}.`
        : 'The service declares no stateful parts.',
      params: { parts, from: request.from, to: targets },
      skipReason: parts.length
        ? undefined
        : 'no stateful parts declared (flotilla.io/stateful-parts)',
    };
  },
  rollback: ({ run, from, to }) => {
    const original = run.plan.steps.find(s => s.kind === 'state-restore');
    const parts =
      (original?.params as { parts?: string[] } | undefined)?.parts ?? [];
    return {
      title: 'Restore state back',
      description: `Restore ${parts.join(', ') || 'nothing'} on ${to.join(
        ', ',
      )} from ${from}.`,
      params: { parts, from, to, rollbackOf: run.id },
    };
  },
};
