// @ts-check

/**
 * Cluster upgrades, followed step by step after the request that started
 * them: the control plane, then each MachineDeployment (classic clusters)
 * or the topology's progress (ClusterClass clusters). An unfinished upgrade
 * is taken up again by any backend replica, after a restart too; `revision`
 * makes each step's transition recorded once.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('multi_cluster_cluster_upgrades', table => {
    table.comment('Kubernetes version upgrades of Cluster API clusters');
    table.string('id', 64).primary().notNullable();
    table.string('cluster', 255).notNullable();
    table.text('lifecycle').notNullable().comment('JSON ClusterLifecycle');
    table.string('version', 64).notNullable();
    table.string('previous_version', 64).nullable();
    table.string('management', 16).notNullable().comment('classic|topology');
    table.string('status', 16).notNullable();
    table.text('steps').notNullable().comment('JSON ClusterUpgradeStep[]');
    table.text('error').nullable();
    table.string('actor', 255).notNullable();
    table.integer('revision').notNullable().defaultTo(0);
    table.string('started_at', 40).notNullable();
    table.string('updated_at', 40).notNullable();
    table.string('finished_at', 40).nullable();
    table.index(['cluster'], 'multi_cluster_cluster_upgrades_cluster_idx');
    table.index(['status'], 'multi_cluster_cluster_upgrades_status_idx');
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async function down(knex) {
  await knex.schema.dropTable('multi_cluster_cluster_upgrades');
};
