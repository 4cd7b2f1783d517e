import { Knex } from 'knex';
import { ACTIVE, RUNS } from '../failover/failoverTables';
import type { FailoverActivity } from './types';

/** Entity refs per `IN (...)` query. */
const CHUNK = 500;

async function chunked(
  refs: string[],
  read: (chunk: string[]) => Promise<[string, string][]>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < refs.length; i += CHUNK) {
    for (const [ref, value] of await read(refs.slice(i, i + CHUNK))) {
      out.set(ref, value);
    }
  }
  return out;
}

/**
 * The failover runs of the services, read from the failover module's
 * tables (the plugin's one database), a few queries per tick whatever the
 * number of services.
 */
export class FailoverRunActivity implements FailoverActivity {
  constructor(private readonly db: Knex) {}

  activeRuns(entityRefs: string[]): Promise<Map<string, string>> {
    return chunked(entityRefs, async chunk => {
      const rows: { entity_ref: string; run_id: string }[] = await this.db(
        ACTIVE,
      ).whereIn('entity_ref', chunk);
      return rows.map(r => [r.entity_ref, r.run_id]);
    });
  }

  lastFailovers(entityRefs: string[]): Promise<Map<string, string>> {
    return chunked(entityRefs, async chunk => {
      const rows: { entity_ref: string; last: string }[] = await this.db(RUNS)
        .select('entity_ref')
        .max({ last: 'created_at' })
        .where('kind', 'failover')
        .whereIn('entity_ref', chunk)
        .groupBy('entity_ref');
      return rows.map(r => [r.entity_ref, r.last]);
    });
  }
}
