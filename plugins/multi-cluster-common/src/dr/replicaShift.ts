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
 * A change of one cluster's replica rule: its count, or `null` to remove
 * the rule (Karmada's scheduler decides the cluster's count again).
 *
 * @public
 */
export interface ReplicaRuleEdit {
  cluster: string;
  replicas: number | null;
}

function overrideRulesOf(policy: unknown): unknown[] {
  const spec =
    typeof policy === 'object' && policy !== null
      ? (policy as { spec?: unknown }).spec
      : undefined;
  const rules =
    typeof spec === 'object' && spec !== null
      ? (spec as { overrideRules?: unknown }).overrideRules
      : undefined;
  return Array.isArray(rules) ? rules : [];
}

/**
 * The `spec.overrideRules` an OverridePolicy should have after `edits`: the
 * rules of `policy` (an OverridePolicy as read, or undefined) for other
 * clusters are kept, those naming an edited cluster are replaced by its new
 * count or removed.
 *
 * @public
 */
export function editReplicaOverrideRules(
  policy: unknown,
  edits: ReplicaRuleEdit[],
): unknown[] {
  const edited = new Set(edits.map(e => e.cluster));
  const kept = overrideRulesOf(policy).filter(
    rule => !namesClusterOf(rule, edited),
  );
  return [
    ...kept,
    ...replicaOverrideRules(
      edits.flatMap(e =>
        e.replicas === null
          ? []
          : [{ cluster: e.cluster, before: e.replicas, after: e.replicas }],
      ),
    ),
  ];
}

/**
 * The replica count each cluster's rule sets (`/spec/replicas` replaced),
 * for the rules of `policy` that name clusters.
 *
 * @public
 */
export function replicaRulesOf(policy: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rule of overrideRulesOf(policy)) {
    const r = rule as Partial<ReplicaOverrideRule> | null;
    const names = r?.targetCluster?.clusterNames;
    const replace = r?.overriders?.plaintext?.find(
      p => p?.path === '/spec/replicas' && p.operator === 'replace',
    );
    if (!Array.isArray(names) || typeof replace?.value !== 'number') continue;
    for (const name of names) {
      if (typeof name === 'string') counts.set(name, replace.value);
    }
  }
  return counts;
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
  return editReplicaOverrideRules(
    policy,
    moves.map(m => ({ cluster: m.cluster, replicas: m.after })),
  );
}
