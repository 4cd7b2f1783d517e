import { TestDatabases } from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { secondKnex } from '../failover/__testUtils__/harness';
import {
  at,
  createDetection,
  decisionRows,
  FakeInventory,
  HEALTHY,
  recordingNotifications,
  recordingRecovery,
  REFUSED,
  service,
} from './__testUtils__/detectionHarness';
import type { RecoveryStarter } from './types';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15', 'SQLITE_3'] });

const services = [
  service('checkout', { policy: 'manual' }),
  service('storefront', { policy: 'automatic' }),
  service('search', { policy: 'automatic' }),
];

/** Two backend replicas' detection on one database, with shared fakes. */
async function replicas(knex: Knex, pools: Knex[]) {
  const inventory = new FakeInventory(['eu-west', 'us-east']);
  const recovery = recordingRecovery();
  const notifications = recordingNotifications();
  const other = secondKnex(knex);
  if (other !== knex) pools.push(other);
  const create = (db: Knex) =>
    createDetection(db, {
      inventory,
      services: () => services,
      recovery: recovery.recovery,
      notifications: notifications.notifications,
    });
  // One after the other: each migrates the database first.
  const a = await create(knex);
  const b = await create(other);
  return { inventory, recovery, notifications, a, b };
}

describe.each(databases.eachSupportedId())('detection replicas on %p', id => {
  const pools: Knex[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map(pool => pool.destroy()));
  });

  it('record each decision, start each recovery and notify each proposal once when they tick together', async () => {
    const knex = await databases.init(id);
    const { inventory, recovery, notifications, a, b } = await replicas(
      knex,
      pools,
    );
    // Replica b's clock runs 10 s behind a's; both tick every 30 s.
    const both = async (from: number, to: number) => {
      for (let s = from; s <= to; s += 30) {
        await Promise.all([a.service.tick(at(s)), b.service.tick(at(s - 10))]);
      }
    };
    inventory.set('eu-west', REFUSED);
    await both(0, 600);
    const failovers = await decisionRows(knex);
    expect(failovers.map(r => [r.entity_ref, r.kind])).toEqual([
      ['component:default/checkout', 'would-fail-over'],
      ['component:default/search', 'failed-over'],
      ['component:default/storefront', 'failed-over'],
    ]);
    // One region failover for both automatic services: one key, one storm
    // (a replica may repeat a start: the starter is idempotent per key).
    expect(recovery.storms.size).toBe(1);
    const [key] = recovery.storms.keys();
    expect(new Set(recovery.calls.map(c => c.idempotencyKey))).toEqual(
      new Set([key]),
    );
    expect(recovery.calls[0]).toMatchObject({
      kind: 'failover',
      clusters: ['eu-west'],
      entityRefs: ['component:default/search', 'component:default/storefront'],
    });
    expect(failovers.filter(r => r.storm_id).map(r => r.storm_id)).toEqual([
      'storm-1',
      'storm-1',
    ]);
    expect(notifications.sent).toHaveLength(1);

    // Back, and stable for 10 minutes: one failback, one proposal.
    inventory.set('eu-west', HEALTHY);
    await both(630, 1290);
    const rows = await decisionRows(knex);
    expect(rows.slice(3).map(r => [r.entity_ref, r.kind])).toEqual([
      ['component:default/checkout', 'propose-failback'],
      ['component:default/search', 'failed-back'],
      ['component:default/storefront', 'failed-back'],
    ]);
    expect(recovery.storms.size).toBe(2);
    expect(notifications.sent).toHaveLength(2);
  });

  it('starts a recovery that could not start with the same key in a later tick', async () => {
    const knex = await databases.init(id);
    const inventory = new FakeInventory(['eu-west', 'us-east']);
    const recorded = recordingRecovery();
    let refusals = 1;
    // The first start fails (as a crash between recording the decision
    // and starting its recovery would leave it).
    const recovery: RecoveryStarter = {
      ...recorded.recovery,
      startRegionFailover: async input => {
        if (refusals-- > 0) throw new Error('storm module unavailable');
        return recorded.recovery.startRegionFailover(input);
      },
    };
    const detection = await createDetection(knex, {
      inventory,
      services: () => services,
      recovery,
    });
    inventory.set('eu-west', REFUSED);
    for (let s = 0; s <= 300; s += 30) await detection.service.tick(at(s));
    expect(recorded.calls).toEqual([]);
    expect((await decisionRows(knex)).filter(r => r.storm_id)).toEqual([]);

    await detection.service.tick(at(330));
    await detection.service.tick(at(360));
    expect(recorded.calls).toHaveLength(1);
    expect(recorded.calls[0].idempotencyKey).toMatch(/^detection:failover:/);
    expect(
      (await decisionRows(knex)).filter(r => r.storm_id === 'storm-1'),
    ).toHaveLength(2);
  });
});
