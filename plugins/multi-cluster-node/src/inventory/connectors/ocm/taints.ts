import type { ClusterTaint } from '../../types';
import { OCM_LIMITS } from './limits';
import { cut, isRecord, isText } from './servedValues';

/**
 * OCM's taint effects in the scheduling model's terms: `NoSelect` takes
 * the cluster out of existing decisions too (NoExecute), `NoSelectIfNew`
 * keeps existing decisions (NoSchedule).
 */
const TAINT_EFFECTS: Record<string, ClusterTaint['effect']> = {
  NoSelect: 'NoExecute',
  NoSelectIfNew: 'NoSchedule',
  PreferNoSelect: 'PreferNoSchedule',
};

/** `spec.taints`, at most {@link OCM_LIMITS.taints}, each with a known effect. */
export function readTaints(input: unknown): {
  taints?: ClusterTaint[];
  problems: string[];
} {
  if (input === undefined || input === null) return { problems: [] };
  if (!Array.isArray(input)) {
    return { problems: ['spec.taints: must be a list, left out'] };
  }
  const problems: string[] = [];
  const taints: ClusterTaint[] = [];
  for (const t of input) {
    if (taints.length >= OCM_LIMITS.taints) {
      problems.push(
        `spec.taints: ${input.length} taints, the first ${OCM_LIMITS.taints} kept`,
      );
      break;
    }
    const effect =
      isRecord(t) && typeof t.effect === 'string'
        ? TAINT_EFFECTS[t.effect]
        : undefined;
    if (!isRecord(t) || !isText(t.key, OCM_LIMITS.keyLength) || !effect) {
      problems.push(
        `spec.taints: a taint left out (needs a key and effect NoSelect, NoSelectIfNew or PreferNoSelect)`,
      );
      continue;
    }
    taints.push({
      key: t.key,
      value: isText(t.value, OCM_LIMITS.valueLength) ? t.value : undefined,
      effect,
      timeAdded: cut(t.timeAdded, 64),
    });
  }
  return { taints: taints.length ? taints : undefined, problems };
}
