import { Storm, StormChild } from '../types';
import { StormLease } from '../store/StormStore';
import { OrchestrationDeps } from './types';

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Settles the running children whose runs ended: each takes its run's
 * status (and error as its reason), once, by a conditional transition
 * from `running`. With the storm cancelled, a running child's run that was
 * not asked to stop yet is asked now (the person's cancel may have been
 * cut short). Returns the children settled.
 */
export async function settleChildren(
  deps: OrchestrationDeps,
  lease: StormLease,
  storm: Storm,
): Promise<StormChild[]> {
  const running = storm.children.filter(c => c.status === 'running');
  const views = await deps.runs.statusesOf(
    running.flatMap(c => (c.runId ? [c.runId] : [])),
  );
  const byRun = new Map(views.map(v => [v.id, v]));
  const settled: StormChild[] = [];
  for (const child of running) {
    const view = child.runId ? byRun.get(child.runId) : undefined;
    if (view && ENDED.has(view.status)) {
      const status = view.status as 'succeeded' | 'failed' | 'cancelled';
      const reason = status === 'succeeded' ? null : view.error ?? null;
      const changed = await deps.store.leases.transition(lease, child, {
        from: ['running'],
        status,
        reason,
      });
      if (changed) {
        settled.push({ ...child, status, reason: reason ?? undefined });
      }
    } else if (view && storm.cancelRequested && !view.cancelRequested) {
      await deps.failover.cancel(view.id, storm.actor);
    }
  }
  return settled;
}
