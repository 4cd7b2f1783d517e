import { Knex } from 'knex';
import { StormControls } from './StormControls';
import { StormLeases } from './StormLeases';
import { StormRecords } from './StormRecords';

export * from './storeTypes';
export type { ChildTransition } from './StormLeases';
export type { ControlOutcome } from './StormControls';

/**
 * Persistence of storms (SQLite and PostgreSQL), in the tables of
 * `migrations/20270301000000_region_failovers.js`. Exactly once comes from
 * the database: the scoped idempotency key admits one storm per key, the
 * locked lost clusters one unfinished storm per cluster, `failback_of` one
 * failback per storm, the child's unique `run_id` set in its run's
 * transaction one run per child, and the lease one orchestrator per storm.
 *
 * Three parts: creating and reading ({@link StormRecords}), orchestrating
 * under a lease ({@link StormLeases}), and a person's controls
 * ({@link StormControls}).
 */
export class StormStore {
  readonly records: StormRecords;
  readonly leases: StormLeases;
  readonly controls: StormControls;

  constructor(readonly db: Knex) {
    this.records = new StormRecords(db);
    this.leases = new StormLeases(db);
    this.controls = new StormControls(db);
  }
}
