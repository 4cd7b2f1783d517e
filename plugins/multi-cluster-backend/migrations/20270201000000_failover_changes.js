// @ts-check

/**
 * What each failover step changed on each cluster, as it changed it.
 *
 * A step records a change (`intended`) before it writes to a cluster and
 * marks it `applied` with the resourceVersion the write returned, in the
 * worker's lease: a run resumed after a crash re-applies its recorded
 * changes instead of reading counts it may already have changed, and a
 * rollback is computed from what was really changed, as relative moves.
 *
 * `target` names what was written: a workload
 * (`<namespace>/<Kind>/<name>`, its `/spec/replicas`) or the rule of an
 * OverridePolicy for one cluster (`<namespace>/OverridePolicy/<name>`).
 * `before`/`after` are replica counts; NULL for an OverridePolicy rule means
 * no rule (the count Karmada's scheduler assigns, `scheduled`).
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('multi_cluster_failover_changes', table => {
    table
      .string('run_id', 64)
      .notNullable()
      .references('id')
      .inTable('multi_cluster_failover_runs')
      .onDelete('CASCADE');
    table
      .integer('seq')
      .notNullable()
      .comment('order of the change in its run');
    table.integer('step_order').notNullable();
    table.string('cluster', 253).notNullable();
    table
      .string('kind', 32)
      .notNullable()
      .comment('workload-replicas | override-rule');
    table.string('target', 1024).notNullable();
    table.string('phase', 16).notNullable().comment('raise | lower');
    table.integer('before').nullable();
    table.integer('after').nullable();
    table
      .integer('scheduled')
      .nullable()
      .comment("Karmada's count for the cluster when the rule was changed");
    table.string('status', 16).notNullable().comment('intended | applied');
    table.string('resource_version', 64).nullable();
    table.string('recorded_at', 32).notNullable();
    table.string('applied_at', 32).nullable();
    table.primary(['run_id', 'seq']);
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('multi_cluster_failover_changes');
};
