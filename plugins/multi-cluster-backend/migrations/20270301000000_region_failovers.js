// @ts-check

/**
 * Region failovers ("storms") and their failbacks: a parent that moves
 * every affected service away from lost clusters, and one child per
 * service and lost cluster, each executed as a failover run (a rollback
 * run in a failback).
 *
 * - The parent's lease hands the orchestration of a storm to one backend
 *   replica at a time; every write of the orchestrator is fenced by it.
 * - `(idempotency_scope, idempotency_key)` admits one storm per caller,
 *   operation and key; `request_hash` tells a retry from a reuse.
 * - `failback_of` is unique: a storm is failed back once.
 * - `multi_cluster_region_failover_clusters` holds each lost cluster of an
 *   unfinished storm: of two storms of one cluster, one is admitted.
 * - A child's `run_id` is unique and set in the transaction that creates
 *   its run, so a child has at most one run and a run one child.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('multi_cluster_region_failovers', table => {
    table.comment('Region failovers and failbacks (parents of child runs)');
    table.string('id', 64).primary().notNullable();
    table.string('kind', 16).notNullable().comment('failover|failback');
    table
      .string('status', 16)
      .notNullable()
      .comment('running|paused|succeeded|failed|cancelled');
    table.text('lost_clusters').notNullable().comment('JSON string[]');
    table
      .text('entity_refs')
      .nullable()
      .comment('JSON string[]: the services asked for (null: every one)');
    table.text('reason').notNullable();
    table.string('actor', 255).notNullable();
    table.string('idempotency_scope', 512).nullable();
    table.string('idempotency_key', 255).nullable();
    table.string('request_hash', 64).nullable();
    table
      .string('failback_of', 64)
      .nullable()
      .comment('the region failover this failback reverses');
    table.text('plan').nullable().comment('JSON WhatIfPlan at creation');
    table.integer('max_concurrent_runs').notNullable();
    table.integer('max_runs_per_target_cluster').notNullable();
    table.boolean('cancel_requested').notNullable().defaultTo(false);
    table.string('lease_owner', 255).nullable();
    table.bigInteger('lease_expires_at').nullable().comment('epoch ms');
    table.text('error').nullable();
    table.string('created_at', 40).notNullable();
    table.string('updated_at', 40).notNullable();
    table.string('finished_at', 40).nullable();
    table.unique(['idempotency_scope', 'idempotency_key'], {
      indexName: 'multi_cluster_region_failovers_idem_uq',
    });
    table.unique(['failback_of'], {
      indexName: 'multi_cluster_region_failovers_failback_uq',
    });
    table.index(['status'], 'multi_cluster_region_failovers_status_idx');
  });

  await knex.schema.createTable(
    'multi_cluster_region_failover_children',
    table => {
      table.comment('One service moved away from one lost cluster');
      table
        .string('storm_id', 64)
        .notNullable()
        .references('id')
        .inTable('multi_cluster_region_failovers')
        .onDelete('CASCADE');
      table.string('entity_ref', 255).notNullable();
      table
        .string('from_cluster', 255)
        .notNullable()
        .comment('the lost cluster the child concerns');
      table.integer('priority').notNullable().comment('1 is admitted first');
      table
        .text('targets')
        .notNullable()
        .comment('JSON {name, replicas}[]: where its replicas go');
      table.integer('replicas').notNullable();
      table.string('status', 24).notNullable();
      table.string('run_id', 64).nullable();
      table
        .string('rollback_of', 64)
        .nullable()
        .comment('failback: the run this child rolls back');
      table.text('reason').nullable();
      table.string('created_at', 40).notNullable();
      table.string('updated_at', 40).notNullable();
      table.primary(['storm_id', 'entity_ref', 'from_cluster']);
      table.unique(['run_id'], {
        indexName: 'multi_cluster_region_failover_children_run_uq',
      });
      table.index(
        ['status'],
        'multi_cluster_region_failover_children_status_idx',
      );
    },
  );

  await knex.schema.createTable(
    'multi_cluster_region_failover_clusters',
    table => {
      table.comment('At most one unfinished region failover per lost cluster');
      table.string('cluster', 255).primary().notNullable();
      table
        .string('storm_id', 64)
        .notNullable()
        .references('id')
        .inTable('multi_cluster_region_failovers')
        .onDelete('CASCADE');
    },
  );
};

/** @param {import('knex').Knex} knex */
exports.down = async function down(knex) {
  await knex.schema.dropTable('multi_cluster_region_failover_clusters');
  await knex.schema.dropTable('multi_cluster_region_failover_children');
  await knex.schema.dropTable('multi_cluster_region_failovers');
};
