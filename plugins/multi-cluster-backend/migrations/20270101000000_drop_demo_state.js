// @ts-check

/**
 * The simulated demo fleet is gone from the backend (the local fleet of real
 * API servers replaces it), and with it the table that held its state.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.dropTableIfExists('multi_cluster_demo_state');
};

/**
 * Re-creates the table as `20261202000000_init` made it (empty: the state
 * it held is not kept).
 *
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.createTable('multi_cluster_demo_state', table => {
    table.comment('State of the simulated demo fleet (survives restarts)');
    table.string('key', 512).primary().notNullable();
    table.text('value').notNullable();
    table.string('updated_at', 40).notNullable();
  });
};
