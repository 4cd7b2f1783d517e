import knexFactory from 'knex';
import type { RunningBackend } from './backend';

/** A region failover as the backend answers it (the fields tests read). */
export interface RegionFailoverView {
  id: string;
  kind: 'failover' | 'failback';
  status: string;
  lostClusters: string[];
  failbackOf?: string;
  children: {
    entityRef: string;
    priority: number;
    from: string;
    to: string[];
    replicas: number;
    status: string;
    runId?: string;
    reason?: string;
  }[];
}

export interface DecisionView {
  id: string;
  createdAt: string;
  entityRef?: string;
  clusters: string[];
  kind: string;
  reason: string;
  evidence: {
    cluster: string;
    source: string;
    status: string;
    since?: string;
  }[];
  stormId?: string;
}

/** Detection's decisions, newest first, optionally of one kind. */
export async function decisions(
  backend: RunningBackend,
  filter: { kind?: string; entityRef?: string },
): Promise<DecisionView[]> {
  const query = filter.entityRef
    ? `?entityRef=${encodeURIComponent(filter.entityRef)}&limit=500`
    : '?limit=500';
  const { items } = await backend.ok<{ items: DecisionView[] }>(
    'GET',
    `/api/multi-cluster/detection/decisions${query}`,
  );
  return filter.kind ? items.filter(d => d.kind === filter.kind) : items;
}

/** Detection's verdict on one cluster. */
export async function detectionState(
  backend: RunningBackend,
  cluster: string,
): Promise<{ state: string; since?: string } | undefined> {
  const { items } = await backend.ok<{
    items: { cluster: string; state: string; since?: string }[];
  }>('GET', '/api/multi-cluster/detection/clusters');
  return items.find(i => i.cluster === cluster);
}

/** Who holds a region failover's orchestration lease, read from PostgreSQL. */
export async function stormLeaseOwner(
  databasePrefix: string,
  id: string,
): Promise<string | undefined> {
  const db = knexFactory({
    client: 'pg',
    connection: {
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: `${databasePrefix}multi-cluster`,
    },
  });
  try {
    const row = await db('multi_cluster_region_failovers')
      .where({ id })
      .first('lease_owner');
    return row?.lease_owner ?? undefined;
  } finally {
    await db.destroy();
  }
}

/** A failover run's fields the region tests read. */
export interface TimedRun {
  id: string;
  entityRef: string;
  status: string;
  from: string;
  to: string[];
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
}

/**
 * Pairs of runs that moved replicas onto one cluster at the same time
 * (their started..finished intervals overlap), as `a|b@cluster`.
 */
export function overlapsOnOneTarget(runs: TimedRun[]): string[] {
  const found: string[] = [];
  runs.forEach((a, i) =>
    runs.slice(i + 1).forEach(b => {
      const shared = a.to.filter(c => b.to.includes(c));
      const [aStart, aEnd] = [
        Date.parse(a.startedAt!),
        Date.parse(a.finishedAt!),
      ];
      const [bStart, bEnd] = [
        Date.parse(b.startedAt!),
        Date.parse(b.finishedAt!),
      ];
      if (shared.length && aStart < bEnd && bStart < aEnd) {
        found.push(`${a.id}|${b.id}@${shared.join(',')}`);
      }
    }),
  );
  return found;
}
