import type {
  RegionFailover,
  RegionFailoverChild,
} from '@flotilla/plugin-multi-cluster-common';
import { Storm, StormChild, StormChildStatus, StormKind } from '../types';

/**
 * A child as the API shows it: where its replicas leave and go. A
 * failback's child gives them back to the cluster lost then, from the
 * clusters the failover moved them to.
 */
function toApiChild(kind: StormKind, child: StormChild): RegionFailoverChild {
  const targets = child.targets.map(t => t.name);
  return {
    entityRef: child.entityRef,
    priority: child.priority,
    from: kind === 'failback' ? targets.join(', ') : child.from,
    to: kind === 'failback' ? [child.from] : targets,
    replicas: child.replicas,
    status: child.status,
    ...(child.runId ? { runId: child.runId } : {}),
    ...(child.reason ? { reason: child.reason } : {}),
  };
}

/** A storm as `GET /region-failovers/:id` answers it. */
export function toApiStorm(storm: Storm): RegionFailover {
  const counts: Partial<Record<StormChildStatus, number>> = {};
  for (const c of storm.children)
    counts[c.status] = (counts[c.status] ?? 0) + 1;
  return {
    id: storm.id,
    kind: storm.kind,
    status: storm.status,
    lostClusters: storm.lostClusters,
    reason: storm.reason,
    actor: storm.actor,
    createdAt: storm.createdAt,
    ...(storm.finishedAt ? { finishedAt: storm.finishedAt } : {}),
    ...(storm.failbackOf ? { failbackOf: storm.failbackOf } : {}),
    limits: { ...storm.limits },
    children: storm.children.map(c => toApiChild(storm.kind, c)),
    counts,
  };
}
