import type {
  RegionFailover,
  RegionFailoverChildStatus,
} from '@flotilla/plugin-multi-cluster-common';

/** The channel the backend signals a region failover's changes on. */
export const REGION_FAILOVER_CHANNEL = 'multi-cluster:region-failover';

/** What a region failover signal carries that the views read. */
export type RegionFailoverSignal = { stormId?: string };

const TERMINAL: ReadonlySet<RegionFailover['status']> = new Set([
  'succeeded',
  'failed',
  'cancelled',
]);

/** A region failover that succeeded, failed or was cancelled changes no more. */
export function isFinished(storm: RegionFailover): boolean {
  return TERMINAL.has(storm.status);
}

/** Child statuses in the order a service goes through them. */
export const CHILD_STATUSES: RegionFailoverChildStatus[] = [
  'queued',
  'waiting-capacity',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'skipped',
];

export const CHILD_STATUS_LABEL: Record<RegionFailoverChildStatus, string> = {
  queued: 'queued',
  'waiting-capacity': 'waiting for capacity',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  skipped: 'skipped',
};

/** "3 succeeded, 1 running": the non-zero counts, in status order. */
export function countsText(counts: RegionFailover['counts']): string {
  const parts = CHILD_STATUSES.filter(status => (counts[status] ?? 0) > 0).map(
    status => `${counts[status]} ${CHILD_STATUS_LABEL[status]}`,
  );
  return parts.join(', ') || 'no services';
}

export const KIND_TITLE: Record<RegionFailover['kind'], string> = {
  failover: 'Region failover',
  failback: 'Failback',
};
