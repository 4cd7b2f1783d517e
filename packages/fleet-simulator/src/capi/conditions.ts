/**
 * Cluster API v1beta2 conditions (metav1.Condition): `lastTransitionTime`
 * moves only when the status flips, as CAPI's condition utilities do.
 */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

export type ConditionInput = Omit<
  Condition,
  'lastTransitionTime' | 'message' | 'observedGeneration'
> & { message?: string };

/** Kubernetes timestamps carry whole seconds. */
export function timestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/**
 * The conditions with `inputs` set (in that order after the untouched ones),
 * keeping each one's transition time when its status did not change.
 */
export function withConditions(
  current: Condition[] | undefined,
  inputs: ConditionInput[],
  now: Date,
  observedGeneration?: number,
): Condition[] {
  const byType = new Map((current ?? []).map(c => [c.type, c]));
  const set = new Set(inputs.map(i => i.type));
  const kept = (current ?? []).filter(c => !set.has(c.type));
  return [
    ...kept,
    ...inputs.map(input => {
      const before = byType.get(input.type);
      return {
        type: input.type,
        status: input.status,
        reason: input.reason,
        message: input.message ?? '',
        lastTransitionTime:
          before && before.status === input.status
            ? before.lastTransitionTime
            : timestamp(now),
        ...(observedGeneration !== undefined ? { observedGeneration } : {}),
      };
    }),
  ];
}

export function findCondition<C extends { type: string } = Condition>(
  obj: { status?: { conditions?: C[] } } | undefined,
  type: string,
): C | undefined {
  return (obj?.status?.conditions ?? []).find(c => c?.type === type);
}

export const condition = (
  type: string,
  ok: boolean,
  reasons: [string, string],
  message?: string,
): ConditionInput => ({
  type,
  status: ok ? 'True' : 'False',
  reason: ok ? reasons[0] : reasons[1],
  message,
});

/** The reasons of an Available condition, true and false. */
export const AVAILABLE_REASONS = ['Available', 'NotAvailable'] as [
  string,
  string,
];

/** A condition that is False with `reason` (Deleting, Paused, ...). */
export const notSet = (type: string, reason: string): ConditionInput => ({
  type,
  status: 'False',
  reason,
});
