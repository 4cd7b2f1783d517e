/** A Kubernetes label selector. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}

/** Whether `labels` has its own `key` (not one every object inherits). */
function hasLabel(labels: Record<string, string>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(labels, key);
}

/**
 * Kubernetes label selector semantics (an empty selector matches all).
 * Only own labels count: `constructor` or `__proto__` is a label only when
 * the cluster has it.
 */
export function matchesLabelSelector(
  labels: Record<string, string> | undefined,
  selector: LabelSelector | undefined,
): boolean {
  if (!selector) {
    return true;
  }
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    if (!hasLabel(l, k) || l[k] !== v) {
      return false;
    }
  }
  for (const e of selector.matchExpressions ?? []) {
    const has = hasLabel(l, e.key);
    switch (e.operator) {
      case 'In':
        if (!has || !(e.values ?? []).includes(l[e.key])) {
          return false;
        }
        break;
      case 'NotIn':
        if (has && (e.values ?? []).includes(l[e.key])) {
          return false;
        }
        break;
      case 'Exists':
        if (!has) {
          return false;
        }
        break;
      case 'DoesNotExist':
        if (has) {
          return false;
        }
        break;
      default:
        return false;
    }
  }
  return true;
}
