// @ts-check

/**
 * Failover idempotency and once-only rollbacks.
 *
 * - An idempotency key is scoped to its caller and operation
 *   (`<actor>|failover.create`, `<actor>|failover.rollback:<runId>`): the
 *   unique index moves from `idempotency_key` to
 *   `(idempotency_scope, idempotency_key)`, and `request_hash` remembers the
 *   request a key was first used with (another request with the key is
 *   refused, the same one gets the same run).
 * - `rolled_back_by` on a run names its rollback. Setting it is a
 *   conditional UPDATE (`WHERE rolled_back_by IS NULL`), so a run is rolled
 *   back at most once however many rollbacks race.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('multi_cluster_failover_runs', table => {
    table
      .string('idempotency_scope', 512)
      .nullable()
      .comment('caller and operation the idempotency key belongs to');
    table
      .string('request_hash', 64)
      .nullable()
      .comment('sha256 of the request first made with the idempotency key');
    table
      .string('rolled_back_by', 64)
      .nullable()
      .comment('the rollback run of this run (set once)');
  });
  await knex.schema.alterTable('multi_cluster_failover_runs', table => {
    table.dropUnique(
      ['idempotency_key'],
      'multi_cluster_failover_runs_idem_uq',
    );
  });

  // Keys of existing runs belong to the user who made them.
  await knex('multi_cluster_failover_runs')
    .whereNotNull('idempotency_key')
    .whereNull('rollback_of')
    .update({
      idempotency_scope: knex.raw(`actor || ?`, ['|failover.create']),
    });
  await knex('multi_cluster_failover_runs')
    .whereNotNull('idempotency_key')
    .whereNotNull('rollback_of')
    .update({
      idempotency_scope: knex.raw(`actor || ? || rollback_of`, [
        '|failover.rollback:',
      ]),
    });

  // Runs already rolled back: by their newest rollback that is unfinished,
  // succeeded or got as far as moving replicas.
  await knex.raw(
    `UPDATE multi_cluster_failover_runs
        SET rolled_back_by = (
          SELECT r.id FROM multi_cluster_failover_runs r
           WHERE r.rollback_of = multi_cluster_failover_runs.id
             AND (r.status IN ('pending', 'running', 'succeeded')
                  OR EXISTS (SELECT 1 FROM multi_cluster_failover_steps s
                              WHERE s.run_id = r.id
                                AND s.kind = 'shift-replicas'
                                AND s.attempts > 0))
           ORDER BY r.created_at DESC, r.id DESC
           LIMIT 1)
      WHERE EXISTS (SELECT 1 FROM multi_cluster_failover_runs r2
                     WHERE r2.rollback_of = multi_cluster_failover_runs.id)`,
  );

  await knex.schema.alterTable('multi_cluster_failover_runs', table => {
    table.unique(['idempotency_scope', 'idempotency_key'], {
      indexName: 'multi_cluster_failover_runs_idem_scope_uq',
    });
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('multi_cluster_failover_runs', table => {
    table.dropUnique(
      ['idempotency_scope', 'idempotency_key'],
      'multi_cluster_failover_runs_idem_scope_uq',
    );
  });
  // Scoped keys may repeat across callers; the old index cannot hold them.
  await knex('multi_cluster_failover_runs')
    .whereNotNull('idempotency_key')
    .update({ idempotency_key: knex.raw('id') });
  await knex.schema.alterTable('multi_cluster_failover_runs', table => {
    table.dropColumn('rolled_back_by');
    table.dropColumn('request_hash');
    table.dropColumn('idempotency_scope');
    table.unique(['idempotency_key'], {
      indexName: 'multi_cluster_failover_runs_idem_uq',
    });
  });
};
