import { TestDatabases } from '@backstage/backend-test-utils';
import { migrateToLatest } from '../database/migrations';
import { FailoverRunActivity } from './FailoverActivity';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15', 'SQLITE_3'] });

function run(id: string, entityRef: string, kind: string, createdAt: string) {
  return {
    id,
    kind,
    entity_ref: entityRef,
    status: 'succeeded',
    from_cluster: 'eu-west',
    to_clusters: '["us-east"]',
    reason: 'r',
    actor: 'user:default/jane',
    dry: false,
    plan: '{}',
    context: '{}',
    cancel_requested: false,
    claims: 1,
    created_at: createdAt,
  };
}

describe.each(databases.eachSupportedId())('FailoverRunActivity on %p', id => {
  it("reads each service's active run and its last failover (not drills or rollbacks)", async () => {
    const knex = await databases.init(id);
    await migrateToLatest(knex);
    await knex('multi_cluster_failover_runs').insert([
      run(
        'r1',
        'component:default/checkout',
        'failover',
        '2027-03-01T09:00:00.000Z',
      ),
      run(
        'r2',
        'component:default/checkout',
        'failover',
        '2027-03-01T10:00:00.000Z',
      ),
      run(
        'r3',
        'component:default/checkout',
        'rollback',
        '2027-03-01T11:00:00.000Z',
      ),
      run(
        'r4',
        'component:default/search',
        'drill',
        '2027-03-01T11:00:00.000Z',
      ),
    ]);
    await knex('multi_cluster_failover_active').insert({
      entity_ref: 'component:default/checkout',
      run_id: 'r3',
      created_at: '2027-03-01T11:00:00.000Z',
    });
    const activity = new FailoverRunActivity(knex);
    const refs = ['component:default/checkout', 'component:default/search'];
    expect(await activity.activeRuns(refs)).toEqual(
      new Map([['component:default/checkout', 'r3']]),
    );
    expect(await activity.lastFailovers(refs)).toEqual(
      new Map([['component:default/checkout', '2027-03-01T10:00:00.000Z']]),
    );
  });
});
