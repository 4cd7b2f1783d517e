// @ts-check

/**
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('multi_cluster_snapshots', table => {
    table.comment('Last known state of every fleet cluster (one row per name)');
    table.string('name', 255).primary().notNullable();
    table.string('source', 64).notNullable();
    table.text('snapshot').notNullable().comment('JSON FleetCluster');
    table.boolean('stale').notNullable().defaultTo(false);
    table.text('last_error').nullable();
    table.string('refreshed_at', 40).notNullable().comment('ISO timestamp');
    table.string('updated_at', 40).notNullable().comment('ISO timestamp');
  });

  await knex.schema.createTable('multi_cluster_history', table => {
    table.comment('Every mutating call made through the multi-cluster backend');
    table.bigIncrements('id').primary();
    table.string('created_at', 40).notNullable();
    table.string('actor', 255).notNullable();
    table.string('action', 64).notNullable();
    table.string('cluster', 255).nullable();
    table.string('entity_ref', 255).nullable();
    table.string('status', 16).notNullable();
    table.text('input').nullable();
    table.text('result').nullable();
    table.text('error').nullable();
    table.index(['cluster'], 'multi_cluster_history_cluster_idx');
    table.index(['entity_ref'], 'multi_cluster_history_entity_idx');
  });

  await knex.schema.createTable('multi_cluster_demo_state', table => {
    table.comment('State of the simulated demo fleet (survives restarts)');
    table.string('key', 512).primary().notNullable();
    table.text('value').notNullable();
    table.string('updated_at', 40).notNullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('multi_cluster_demo_state');
  await knex.schema.dropTable('multi_cluster_history');
  await knex.schema.dropTable('multi_cluster_snapshots');
};
