import { TestDatabases } from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { MIGRATIONS_DIRECTORY, migrateToLatest } from './migrations';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
const directory = MIGRATIONS_DIRECTORY;
const RUNS = 'multi_cluster_failover_runs';
const STEPS = 'multi_cluster_failover_steps';

function runRow(
  id: string,
  extra: Partial<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    id,
    kind: 'failover',
    entity_ref: 'component:default/checkout',
    status: 'succeeded',
    from_cluster: 'eu',
    to_clusters: '["us"]',
    reason: 'r',
    actor: 'user:default/jane',
    dry: false,
    plan: '{}',
    context: '{}',
    cancel_requested: false,
    claims: 1,
    created_at: `2026-12-0${id.length}T00:00:00.000Z`,
    ...extra,
  };
}

async function shift(knex: Knex, runId: string, attempts: number) {
  await knex(STEPS).insert({
    run_id: runId,
    step_order: 3,
    kind: 'shift-replicas',
    title: 'shift',
    status: attempts ? 'succeeded' : 'pending',
    attempts,
    max_attempts: 5,
    timeout_seconds: 120,
    params: '{}',
  });
}

describe.each(databases.eachSupportedId())(
  'failover idempotency migration on %p',
  id => {
    it('scopes existing keys to their caller, marks rolled-back runs, and goes down again', async () => {
      const knex = await databases.init(id);
      await knex.migrate.up({ directory }); // init
      await knex.migrate.up({ directory }); // failover
      // Runs made before: a failover with a key, its rollback (which moved
      // replicas), and a run whose only rollback failed before moving any.
      await knex(RUNS).insert([
        runRow('a', { idempotency_key: 'k' }),
        runRow('bb', {
          kind: 'rollback',
          rollback_of: 'a',
          idempotency_key: 'k2',
        }),
        runRow('ccc', { actor: 'user:default/max' }),
        runRow('dddd', {
          kind: 'rollback',
          rollback_of: 'ccc',
          status: 'failed',
        }),
      ]);
      await shift(knex, 'bb', 1);
      await shift(knex, 'dddd', 0);

      await knex.migrate.up({ directory });
      const rows = await knex(RUNS)
        .select('id', 'idempotency_scope', 'rolled_back_by')
        .orderBy('id');
      expect(rows).toEqual([
        {
          id: 'a',
          idempotency_scope: 'user:default/jane|failover.create',
          rolled_back_by: 'bb',
        },
        {
          id: 'bb',
          idempotency_scope: 'user:default/jane|failover.rollback:a',
          rolled_back_by: null,
        },
        { id: 'ccc', idempotency_scope: null, rolled_back_by: null },
        { id: 'dddd', idempotency_scope: null, rolled_back_by: null },
      ]);
      // One key per scope; the same key in another scope is another key.
      await knex(RUNS).insert(
        runRow('eeeee', {
          actor: 'user:default/max',
          idempotency_key: 'k',
          idempotency_scope: 'user:default/max|failover.create',
        }),
      );
      // (better-sqlite3's error is not always an Error to Jest's matchers in
      // its sandbox: compare the message.)
      const duplicate = await knex(RUNS)
        .insert(
          runRow('ffffff', {
            idempotency_key: 'k',
            idempotency_scope: 'user:default/jane|failover.create',
          }),
        )
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(String(duplicate)).toMatch(/unique|duplicate/i);

      await knex.migrate.down({ directory });
      const columns = await knex(RUNS).columnInfo();
      expect(columns).not.toHaveProperty('idempotency_scope');
      expect(columns).not.toHaveProperty('rolled_back_by');
      expect(
        (await knex(RUNS).select('id').orderBy('id')).map(r => r.id),
      ).toEqual(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
      await knex.destroy();
    });
  },
);

describe.each(databases.eachSupportedId())('demo state migration on %p', id => {
  it('drops the demo state table and re-creates it on the way down', async () => {
    const knex = await databases.init(id);
    await knex.migrate.up({ directory }); // init
    expect(await knex.schema.hasTable('multi_cluster_demo_state')).toBe(true);
    await knex('multi_cluster_demo_state').insert({
      key: 'md:a/md-0',
      value: '{"replicas":3}',
      updated_at: '2026-12-02T10:00:00.000Z',
    });
    await knex.migrate.latest({ directory });
    expect(await knex.schema.hasTable('multi_cluster_demo_state')).toBe(false);
    await knex.migrate.down({
      directory,
      name: '20270101000000_drop_demo_state.js',
    });
    expect(await knex.schema.hasTable('multi_cluster_demo_state')).toBe(true);
    expect(await knex('multi_cluster_demo_state')).toEqual([]);
    await knex.destroy();
  });
});

describe.each(databases.eachSupportedId())(
  'the plugin migration set on %p',
  id => {
    it('creates every table of the plugin, failover included, on a fresh database', async () => {
      const knex = await databases.init(id);
      await migrateToLatest(knex);
      for (const table of [
        'multi_cluster_snapshots',
        'multi_cluster_history',
        'multi_cluster_failover_runs',
        'multi_cluster_failover_steps',
        'multi_cluster_failover_active',
      ]) {
        expect(await knex.schema.hasTable(table)).toBe(true);
      }
      expect(await knex(RUNS).columnInfo()).toHaveProperty('rolled_back_by');
      // Applied again (another replica starting), nothing changes.
      await migrateToLatest(knex);
      await knex.destroy();
    });
  },
);

describe.each(databases.eachSupportedId())(
  'failover change journal migration on %p',
  id => {
    it("records each run's changes once per sequence number, and goes on the way down", async () => {
      const knex = await databases.init(id);
      await knex.migrate.latest({ directory });
      await knex(RUNS).insert(runRow('run-1'));
      const change = (seq: number) => ({
        run_id: 'run-1',
        seq,
        step_order: 3,
        cluster: 'eu-west',
        kind: 'override-rule',
        target: 'shop/OverridePolicy/flotilla-failover-checkout',
        phase: 'raise',
        before: null,
        after: 4,
        scheduled: 1,
        status: 'intended',
        recorded_at: '2027-02-01T10:00:00.000Z',
      });
      await knex('multi_cluster_failover_changes').insert(change(1));
      const again = await knex('multi_cluster_failover_changes')
        .insert(change(1))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(String(again)).toMatch(/unique|duplicate|primary/i);
      await knex.migrate.down({
        directory,
        name: '20270201000000_failover_changes.js',
      });
      expect(await knex.schema.hasTable('multi_cluster_failover_changes')).toBe(
        false,
      );
      await knex.destroy();
    });
  },
);
