import type { RecordedReplicaChange } from '@flotilla/plugin-multi-cluster-common';
import type { ClusterChange } from './ChangeJournal';

/** One object's change by a run: its first recorded count and its last. */
export interface NetChange {
  cluster: string;
  kind: ClusterChange['kind'];
  target: string;
  before?: number;
  after?: number;
  scheduled?: number;
  /** False while every record of it is only intended (the write unconfirmed). */
  applied: boolean;
}

const keyOf = (c: Pick<ClusterChange, 'kind' | 'target' | 'cluster'>) =>
  `${c.kind}\u0000${c.target}\u0000${c.cluster}`;

/**
 * Each object's net change over a run's records (a make-before-break shift
 * and a retried one may record an object more than once): the count before
 * its first record, the count after its last.
 */
export function netChanges(changes: ClusterChange[]): NetChange[] {
  const byObject = new Map<string, NetChange>();
  for (const c of [...changes].sort((a, b) => a.seq - b.seq)) {
    const known = byObject.get(keyOf(c));
    if (!known) {
      byObject.set(keyOf(c), {
        cluster: c.cluster,
        kind: c.kind,
        target: c.target,
        before: c.before,
        after: c.after,
        scheduled: c.scheduled,
        applied: c.status === 'applied',
      });
      continue;
    }
    known.after = c.after;
    known.applied ||= c.status === 'applied';
  }
  return [...byObject.values()];
}

/**
 * The replicas a change means on its cluster: a workload's count, or for
 * an OverridePolicy rule its count, or Karmada's own without a rule.
 */
export function effectiveReplicas(
  change: Pick<NetChange, 'kind' | 'scheduled'>,
  count: number | undefined,
): number {
  return count ?? (change.kind === 'override-rule' ? change.scheduled ?? 0 : 0);
}

/**
 * What a run changed per cluster (replicas before and after), from its
 * records. Only confirmed writes count: a change recorded but never
 * confirmed (its write failed) changed nothing to roll back.
 */
export function recordedReplicaChanges(
  changes: ClusterChange[],
): RecordedReplicaChange[] {
  const perCluster = new Map<string, RecordedReplicaChange>();
  for (const net of netChanges(changes).filter(n => n.applied)) {
    const entry = perCluster.get(net.cluster) ?? {
      cluster: net.cluster,
      before: 0,
      after: 0,
    };
    entry.before += effectiveReplicas(net, net.before);
    entry.after += effectiveReplicas(net, net.after);
    perCluster.set(net.cluster, entry);
  }
  return [...perCluster.values()];
}

/**
 * Whether a rollback reverses a change: a confirmed one always; one whose
 * write was never confirmed only if the object shows it landed.
 */
export function landed(net: NetChange, current: number | undefined): boolean {
  return net.applied || current === net.after;
}
