import { Storm, StormChildStatus } from '../types';

/**
 * How a storm whose children all ended ends: `cancelled` when a person
 * cancelled it, `succeeded` when every child succeeded, else `failed`,
 * saying how many did not (a skipped service was not moved either).
 */
export function stormOutcome(storm: Storm): {
  status: 'succeeded' | 'failed' | 'cancelled';
  error?: string;
} {
  const counts = new Map<StormChildStatus, number>();
  for (const c of storm.children) {
    counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
  }
  const missed = (['failed', 'skipped', 'cancelled'] as const)
    .filter(s => counts.get(s))
    .map(s => `${counts.get(s)} ${s}`);
  const of = `of ${storm.children.length} service move(s)`;
  if (storm.cancelRequested) {
    return {
      status: 'cancelled',
      error: `cancelled: ${missed.join(', ')} ${of}`,
    };
  }
  return missed.length
    ? { status: 'failed', error: `${missed.join(', ')} ${of}` }
    : { status: 'succeeded' };
}

/** Whether every child of a storm has ended. */
export function allChildrenEnded(storm: Storm): boolean {
  return storm.children.every(c =>
    ['succeeded', 'failed', 'cancelled', 'skipped'].includes(c.status),
  );
}
