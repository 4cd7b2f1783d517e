// @ts-check

/**
 * Detection: what it observed of each cluster and of each service's signals
 * in each cluster (the windows it decides on), and every decision it made.
 *
 * A window row is written with a conditional UPDATE on its `updated_at`
 * (the observation it follows), so two backend replicas observing at once
 * do not both extend it. A decision is inserted with its `episode_key`
 * (`<kind>|<entityRef>|<cluster>|<failingSince>`, or `failback|<decisionId>`)
 * unique: one decision per episode whoever decides it, after a crash too.
 * An automatic decision carries the `trigger_key` it is started with
 * (the recovery starter is idempotent per key) and the `storm_id` it
 * started; a proposal its `notified_at`.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  /** @param {import('knex').Knex.CreateTableBuilder} table */
  const windowColumns = table => {
    table.string('state', 16).notNullable().comment('healthy|failing|unknown');
    table.string('failing_since', 40).nullable();
    table
      .bigInteger('failing_ms')
      .notNullable()
      .defaultTo(0)
      .comment('time observed failing since failing_since, unknown left out');
    table.string('healthy_since', 40).nullable();
    table.bigInteger('healthy_ms').notNullable().defaultTo(0);
    table.text('reason').notNullable().comment('the last verdict, in words');
    table
      .text('evidence')
      .notNullable()
      .comment('JSON evidence of the last verdict');
    table
      .string('updated_at', 40)
      .notNullable()
      .comment('when the last observation was made');
  };
  await knex.schema.createTable('multi_cluster_detection_clusters', table => {
    table.comment('Detection: the window over the health of each cluster');
    table.string('cluster', 253).primary().notNullable();
    windowColumns(table);
  });
  await knex.schema.createTable('multi_cluster_detection_signals', table => {
    table.comment(
      'Detection: the window over a signal of a service in a cluster',
    );
    table.string('entity_ref', 512).notNullable();
    table.string('cluster', 253).notNullable();
    table.string('signal', 16).notNullable().comment('argocd|deployment');
    windowColumns(table);
    table.primary(['entity_ref', 'cluster', 'signal']);
  });
  await knex.schema.createTable('multi_cluster_detection_decisions', table => {
    // Table comments avoid quotes: knex does not escape them on PostgreSQL.
    table.comment('Detection: its decisions, with their evidence');
    table.string('id', 64).primary().notNullable();
    table.string('created_at', 40).notNullable();
    table.string('entity_ref', 512).nullable();
    table.text('clusters').notNullable().comment('JSON string[]');
    table.string('kind', 32).notNullable();
    table.text('reason').notNullable();
    table.string('policy', 16).notNullable().comment('manual|automatic');
    table.text('evidence').notNullable().comment('JSON DetectionEvidence[]');
    table.string('storm_id', 64).nullable();
    table
      .string('episode', 1024)
      .notNullable()
      .comment(
        '<entityRef>|<cluster>|<failingSince>, or failback|<decisionId>',
      );
    table.string('episode_key', 1024).notNullable().unique();
    table
      .string('trigger_key', 128)
      .nullable()
      .comment('idempotency key of the recovery it starts (automatic)');
    table.string('notified_at', 40).nullable();
    table
      .string('failback_of', 64)
      .nullable()
      .comment('the decision a failback decision answers');
    table.index(
      ['entity_ref', 'created_at'],
      'mc_detection_decisions_entity_idx',
    );
    table.index(['created_at'], 'mc_detection_decisions_created_idx');
    table.index(['episode'], 'mc_detection_decisions_episode_idx');
    table.index(['failback_of'], 'mc_detection_decisions_failback_idx');
    table.index(['trigger_key'], 'mc_detection_decisions_trigger_idx');
  });
};

/** @param {import('knex').Knex} knex */
exports.down = async function down(knex) {
  await knex.schema.dropTable('multi_cluster_detection_decisions');
  await knex.schema.dropTable('multi_cluster_detection_signals');
  await knex.schema.dropTable('multi_cluster_detection_clusters');
};
