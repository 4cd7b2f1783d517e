/**
 * The stored steps after a pass: each step keeps the time it reached its
 * status, and the steps whose status changed are the pass's news.
 */
import type { ClusterUpgradeStep } from '@flotilla/plugin-multi-cluster-common';

const key = (s: Pick<ClusterUpgradeStep, 'kind' | 'name'>) =>
  `${s.kind}/${s.name}`;

export function nextSteps(
  before: ClusterUpgradeStep[],
  observed: Omit<ClusterUpgradeStep, 'since'>[],
  now: string,
): { steps: ClusterUpgradeStep[]; changed: ClusterUpgradeStep[] } {
  const previous = new Map(before.map(s => [key(s), s]));
  const changed: ClusterUpgradeStep[] = [];
  const steps = observed.map(step => {
    const was = previous.get(key(step));
    if (was && was.status === step.status) {
      return { ...step, ...(was.since ? { since: was.since } : {}) };
    }
    const next = { ...step, since: now };
    changed.push(next);
    return next;
  });
  return { steps, changed };
}

export function sameSteps(
  a: ClusterUpgradeStep[],
  b: ClusterUpgradeStep[],
): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
