import type { ReplicaMove } from './failoverPlan';

/**
 * Splits `total` replicas over `workloads` workloads of one cluster as
 * evenly as possible; the first ones take the remainder.
 *
 * @public
 */
export function splitReplicas(total: number, workloads: number): number[] {
  const base = Math.floor(total / workloads);
  return Array.from(
    { length: workloads },
    (_, i) => base + (i < total % workloads ? 1 : 0),
  );
}

/**
 * The moves in the order direct scaling applies them: clusters that gain
 * replicas first, then those that lose some, so the service never runs
 * fewer replicas than it had while the shift is under way.
 *
 * @public
 */
export function scaleUpFirst(moves: ReplicaMove[]): ReplicaMove[] {
  return [...moves].sort(
    (a, b) => Number(b.after > b.before) - Number(a.after > a.before),
  );
}

/**
 * A Karmada OverridePolicy rule that sets a cluster's replicas.
 *
 * @public
 */
export interface ReplicaOverrideRule {
  targetCluster: { clusterNames: string[] };
  overriders: {
    plaintext: { path: '/spec/replicas'; operator: 'replace'; value: number }[];
  };
}

/**
 * One OverridePolicy rule per moved cluster with its absolute replica count
 * (absolute, so applying the rules again changes nothing).
 *
 * @public
 */
export function replicaOverrideRules(
  moves: ReplicaMove[],
): ReplicaOverrideRule[] {
  return moves.map(m => ({
    targetCluster: { clusterNames: [m.cluster] },
    overriders: {
      plaintext: [
        { path: '/spec/replicas', operator: 'replace', value: m.after },
      ],
    },
  }));
}

function namesClusterOf(rule: unknown, clusters: Set<string>): boolean {
  if (typeof rule !== 'object' || rule === null) return false;
  const target = (rule as { targetCluster?: unknown }).targetCluster;
  if (typeof target !== 'object' || target === null) return false;
  const names = (target as { clusterNames?: unknown }).clusterNames;
  return (
    Array.isArray(names) &&
    names.some(n => typeof n === 'string' && clusters.has(n))
  );
}

/**
 * The `spec.overrideRules` an OverridePolicy should have after `moves`:
 * the rules of `policy` (an OverridePolicy as read, or undefined) for
 * other clusters are kept, those naming a moved cluster are replaced by
 * {@link replicaOverrideRules}.
 *
 * @public
 */
export function mergeReplicaOverrideRules(
  policy: unknown,
  moves: ReplicaMove[],
): unknown[] {
  const moved = new Set(moves.map(m => m.cluster));
  const spec =
    typeof policy === 'object' && policy !== null
      ? (policy as { spec?: unknown }).spec
      : undefined;
  const rules =
    typeof spec === 'object' && spec !== null
      ? (spec as { overrideRules?: unknown }).overrideRules
      : undefined;
  const kept = (Array.isArray(rules) ? rules : []).filter(
    rule => !namesClusterOf(rule, moved),
  );
  return [...kept, ...replicaOverrideRules(moves)];
}
