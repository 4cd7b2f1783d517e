import type { FailoverStep } from '../../failoverPlan';
import type { RunbookStep } from '../types';

type ShiftParams = Extract<FailoverStep, { kind: 'shift-replicas' }>['params'];

/** The replica moves themselves, through Karmada or directly. */
export const shiftReplicasStep: RunbookStep<'shift-replicas'> = {
  kind: 'shift-replicas',
  timeoutSeconds: 120,
  maxAttempts: 5,
  failover: ({ request, moved, targets, method, moves }) => ({
    title: `Move ${moved} replica(s) from ${request.from} to ${targets.join(
      ', ',
    )}`,
    description:
      method === 'karmada-override'
        ? 'Patch the Karmada OverridePolicy so the targets run the replicas and the source runs none.'
        : 'Scale the Deployments in each cluster directly.',
    params: { method, moves, kubernetesId: request.service.kubernetesId },
  }),
  rollback: ({ run, moved, to, moves }) => {
    // The executor reads rollbackOf to tie the shift to the run it reverses.
    const params: ShiftParams & { rollbackOf: string } = {
      method: run.plan.method,
      moves,
      kubernetesId: run.context.kubernetesId,
      rollbackOf: run.id,
    };
    return {
      title: `Fail back ${moved} replica(s) to ${to.join(', ')}`,
      description:
        'Reverse what the run changed on each cluster, relative to what each runs then: the clusters that get replicas back first, ready before the others give theirs back.',
      params,
    };
  },
};
