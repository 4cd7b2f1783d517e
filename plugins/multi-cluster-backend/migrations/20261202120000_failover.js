// @ts-check

/**
 * Failover runs: runs, their steps, and the one-active-run-per-
 * entity lock. Leases make a run execute on exactly one backend replica.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('multi_cluster_failover_runs', table => {
    table.comment('Failover, rollback and drill runs of a service');
    table.string('id', 64).primary().notNullable();
    table.string('kind', 16).notNullable().comment('failover|rollback|drill');
    table.string('entity_ref', 255).notNullable();
    table.string('status', 16).notNullable();
    table.string('from_cluster', 255).notNullable();
    table.text('to_clusters').notNullable().comment('JSON string[]');
    table.text('reason').notNullable();
    table.string('actor', 255).notNullable();
    table.string('idempotency_key', 255).nullable();
    table.string('rollback_of', 64).nullable();
    table.boolean('dry').notNullable().defaultTo(false);
    table.text('plan').notNullable().comment('JSON FailoverPlan');
    table.text('context').notNullable().comment('JSON run context');
    table.boolean('cancel_requested').notNullable().defaultTo(false);
    table.string('lease_owner', 255).nullable();
    table.bigInteger('lease_expires_at').nullable().comment('epoch ms');
    table.integer('claims').notNullable().defaultTo(0);
    table.string('current_step', 32).nullable();
    table.text('error').nullable();
    table.bigInteger('duration_ms').nullable();
    table.string('created_at', 40).notNullable();
    table.string('started_at', 40).nullable();
    table.string('finished_at', 40).nullable();
    table.unique(['idempotency_key'], {
      indexName: 'multi_cluster_failover_runs_idem_uq',
    });
    table.index(['entity_ref'], 'multi_cluster_failover_runs_entity_idx');
    table.index(['status'], 'multi_cluster_failover_runs_status_idx');
  });

  await knex.schema.createTable('multi_cluster_failover_steps', table => {
    table.comment('Steps of a failover run');
    table
      .string('run_id', 64)
      .notNullable()
      .references('id')
      .inTable('multi_cluster_failover_runs')
      .onDelete('CASCADE');
    table.integer('step_order').notNullable();
    table.string('kind', 32).notNullable();
    table.string('title', 255).notNullable();
    table.string('status', 16).notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.integer('max_attempts').notNullable();
    table.integer('timeout_seconds').notNullable();
    table.text('skip_reason').nullable();
    table.text('params').notNullable();
    table.text('error').nullable();
    table.text('output').nullable();
    table.string('started_at', 40).nullable();
    table.string('finished_at', 40).nullable();
    table.bigInteger('duration_ms').nullable();
    table.primary(['run_id', 'step_order']);
  });

  await knex.schema.createTable('multi_cluster_failover_active', table => {
    table.comment('At most one unfinished failover per entity');
    table.string('entity_ref', 255).primary().notNullable();
    table
      .string('run_id', 64)
      .notNullable()
      .references('id')
      .inTable('multi_cluster_failover_runs')
      .onDelete('CASCADE');
    table.string('created_at', 40).notNullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('multi_cluster_failover_active');
  await knex.schema.dropTable('multi_cluster_failover_steps');
  await knex.schema.dropTable('multi_cluster_failover_runs');
};
