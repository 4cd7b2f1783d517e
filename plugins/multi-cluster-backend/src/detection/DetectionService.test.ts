import { TestDatabases } from '@backstage/backend-test-utils';
import type { ClusterHealth } from '@flotilla/plugin-multi-cluster-common';
import { Knex } from 'knex';
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
  UNAUTHORIZED,
} from './__testUtils__/detectionHarness';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15', 'SQLITE_3'] });

const CHECKOUT = 'component:default/checkout';
const STOREFRONT = 'component:default/storefront';

/** checkout (manual) and storefront (automatic), both on eu-west. */
async function setup(knex: Knex, services = defaultServices()) {
  const inventory = new FakeInventory(['eu-west', 'us-east']);
  const recovery = recordingRecovery();
  const notifications = recordingNotifications();
  const detection = await createDetection(knex, {
    inventory,
    services: () => services,
    recovery: recovery.recovery,
    notifications: notifications.notifications,
  });
  /** Ticks every 30 s from `from` to `to`, eu-west as `euWest(second)`. */
  const run = async (
    from: number,
    to: number,
    euWest: (second: number) => ClusterHealth,
  ) => {
    for (let s = from; s <= to; s += 30) {
      inventory.set('eu-west', euWest(s));
      await detection.service.tick(at(s));
    }
  };
  return { inventory, recovery, notifications, detection, run };
}

function defaultServices() {
  return [
    service('checkout', { policy: 'manual' }),
    service('storefront', { policy: 'automatic' }),
  ];
}

describe.each(databases.eachSupportedId())('detection on %p', id => {
  it('scales every service window by the configured time scale', async () => {
    const knex = await databases.init(id);
    const inventory = new FakeInventory(['eu-west', 'us-east']);
    const detection = await createDetection(knex, {
      inventory,
      services: () => [service('checkout', { policy: 'manual' })],
      timeScale: 0.1,
    });
    // 300 s x 0.1 = 30 s: nothing at 0 s and 20 s, the decision at 30 s.
    inventory.set('eu-west', REFUSED);
    await detection.service.tick(at(0));
    await detection.service.tick(at(20));
    expect(await decisionRows(knex)).toEqual([]);
    await detection.service.tick(at(30));
    expect((await decisionRows(knex)).map(r => r.kind)).toEqual([
      'would-fail-over',
    ]);
  });

  it('decides nothing before the window, then once per service with its evidence', async () => {
    const knex = await databases.init(id);
    const { run, recovery, notifications } = await setup(knex);
    // Failing from 0 s: 270 s observed at 270 — one tick short of 300.
    await run(0, 270, () => REFUSED);
    expect(await decisionRows(knex)).toEqual([]);
    expect(recovery.calls).toEqual([]);

    // 300 s: both services decide, each per its policy.
    await run(300, 300, () => REFUSED);
    const rows = await decisionRows(knex);
    expect(rows.map(r => [r.entity_ref, r.kind, r.policy])).toEqual([
      [CHECKOUT, 'would-fail-over', 'manual'],
      [STOREFRONT, 'failed-over', 'automatic'],
    ]);
    for (const row of rows) {
      expect(JSON.parse(row.clusters)).toEqual(['eu-west']);
      expect(JSON.parse(row.evidence)).toEqual([
        {
          cluster: 'eu-west',
          source: 'probe',
          status: 'unhealthy',
          reason: 'connection refused',
        },
      ]);
      expect(row.reason).toContain(
        'eu-west failing for 5m (toleration 5m): probe: connection refused',
      );
    }
    // The automatic one started one region failover, recorded on it.
    expect(recovery.calls).toEqual([
      {
        kind: 'failover',
        clusters: ['eu-west'],
        entityRefs: [STOREFRONT],
        idempotencyKey: expect.stringMatching(/^detection:failover:/),
      },
    ]);
    expect(rows[1].storm_id).toBe('storm-1');
    // The manual one told its owners.
    expect(notifications.sent).toEqual([
      {
        recipients: {
          type: 'entity',
          entityRef: ['group:default/checkout-team'],
        },
        payload: expect.objectContaining({
          title: 'checkout would fail over from eu-west',
          link: 'https://backstage.example.com/catalog/default/component/checkout/multi-cluster',
          severity: 'high',
        }),
      },
    ]);

    // Still failing for ten more minutes: nothing new.
    await run(330, 900, () => REFUSED);
    expect(await decisionRows(knex)).toHaveLength(2);
    expect(recovery.calls).toHaveLength(1);
    expect(notifications.sent).toHaveLength(1);
  });

  it('never decides on a cluster answering 401, and pauses the window meanwhile', async () => {
    const knex = await databases.init(id);
    const { run } = await setup(knex);
    // An hour of 401s: never anything.
    await run(0, 3600, () => UNAUTHORIZED);
    expect(await decisionRows(knex)).toEqual([]);
  });

  it('counts only failing time around a 401 spell', async () => {
    const knex = await databases.init(id);
    const { run } = await setup(knex);
    // Failing 0..180 (180 s counted), 401 from 210 to 900 (the intervals
    // into and out of it count for nothing), failing again from 930: 30 s
    // more at each tick, 300 s at 930 + 120 = 1050.
    const health = (s: number) =>
      s <= 180 || s >= 930 ? REFUSED : UNAUTHORIZED;
    await run(0, 1020, health);
    expect(await decisionRows(knex)).toEqual([]);
    await run(1050, 1050, health);
    expect(await decisionRows(knex)).toHaveLength(2);
  });

  it('never decides on a cluster that flaps inside the window', async () => {
    const knex = await databases.init(id);
    const { run, recovery } = await setup(knex);
    // Failing for 240 s out of every 270 s, healthy in between: the window
    // restarts each time and never reaches 300 s (20 minutes of it).
    await run(0, 1200, s => (s % 270 === 240 ? HEALTHY : REFUSED));
    expect(await decisionRows(knex)).toEqual([]);
    expect(recovery.calls).toEqual([]);
  });

  it('says Karmada handles a service whose policy declares failover, and starts nothing', async () => {
    const knex = await databases.init(id);
    const { run, recovery, notifications } = await setup(knex, [
      service('storefront', { policy: 'automatic', karmadaFailover: true }),
    ]);
    await run(0, 300, () => REFUSED);
    const rows = await decisionRows(knex);
    expect(rows.map(r => [r.entity_ref, r.kind])).toEqual([
      [STOREFRONT, 'karmada-handles'],
    ]);
    expect(recovery.calls).toEqual([]);
    expect(notifications.sent).toEqual([]);
  });

  it('holds a service back within the minimum interval since its last failover', async () => {
    const knex = await databases.init(id);
    const { run, inventory, detection } = await setup(knex, [
      service('storefront', {
        policy: 'automatic',
        placement: [
          { name: 'eu-west', replicas: 2 },
          { name: 'us-east', replicas: 2 },
          { name: 'ap-south', replicas: 0 },
        ],
      }),
    ]);
    inventory.set('ap-south', HEALTHY);
    // eu-west fails at 0: failed over at 300. us-east fails at 600: at
    // 900 it is down too, 10 minutes after the last failover (< 30m).
    for (let s = 0; s <= 900; s += 30) {
      inventory.set('eu-west', REFUSED);
      inventory.set('us-east', s >= 600 ? REFUSED : HEALTHY);
      await detection.service.tick(at(s));
    }
    const rows = await decisionRows(knex);
    expect(rows.map(r => [JSON.parse(r.clusters)[0], r.kind])).toEqual([
      ['eu-west', 'failed-over'],
      ['us-east', 'held-back'],
    ]);
    expect(rows[1].reason).toMatch(
      /^Held back: it was last failed over 10m ago .*the minimum interval is 30m\./,
    );
    // Nothing more while it stays that way.
    await run(930, 960, () => REFUSED);
    expect(await decisionRows(knex)).toHaveLength(2);
  });

  it('proposes or runs failback after the stabilization window, never while the cluster flaps', async () => {
    const knex = await databases.init(id);
    const { run, recovery, notifications } = await setup(knex);
    await run(0, 300, () => REFUSED);
    // Healthy from 330, failing again at 780 (flap), healthy from 810:
    // the stabilization (10m) restarts at 810 and ends at 1410.
    await run(330, 1380, s => (s === 780 ? REFUSED : HEALTHY));
    expect((await decisionRows(knex)).map(r => r.kind)).toEqual([
      'would-fail-over',
      'failed-over',
    ]);
    await run(1410, 1410, () => HEALTHY);
    const rows = await decisionRows(knex);
    expect(rows.slice(2).map(r => [r.entity_ref, r.kind])).toEqual([
      [CHECKOUT, 'propose-failback'],
      [STOREFRONT, 'failed-back'],
    ]);
    expect(rows[3].reason).toBe(
      'Failing back (policy automatic). eu-west healthy for 10m (stabilization 10m): probe: ok',
    );
    expect(recovery.calls.map(c => [c.kind, c.entityRefs])).toEqual([
      ['failover', [STOREFRONT]],
      ['failback', [STOREFRONT]],
    ]);
    expect(notifications.sent.map(n => n.payload.title)).toEqual([
      'checkout would fail over from eu-west',
      'checkout can fail back to eu-west',
    ]);
    // Once each.
    await run(1440, 1500, () => HEALTHY);
    expect(await decisionRows(knex)).toHaveLength(4);
    expect(recovery.calls).toHaveLength(2);
  });

  it('counts a Deployment unavailable for the whole window in a healthy cluster', async () => {
    const knex = await databases.init(id);
    const unavailable = service('checkout', {
      policy: 'manual',
      signals: [
        {
          cluster: 'eu-west',
          workloads: [
            {
              cluster: 'eu-west',
              namespace: 'shop',
              kind: 'Deployment',
              name: 'checkout',
              replicas: 3,
              readyReplicas: 0,
              availableReplicas: 0,
            },
          ],
        },
      ],
    });
    const { run } = await setup(knex, [unavailable]);
    await run(0, 270, () => HEALTHY);
    expect(await decisionRows(knex)).toEqual([]);
    await run(300, 300, () => HEALTHY);
    const [row, ...rest] = await decisionRows(knex);
    expect(rest).toEqual([]);
    expect(row.kind).toBe('would-fail-over');
    expect(row.reason).toContain(
      'its Deployment in eu-west failing for 5m (toleration 5m): Deployment shop/checkout: 0 of 3 replicas available',
    );
    expect(
      JSON.parse(row.evidence).map((e: { source: string }) => e.source),
    ).toEqual(['probe', 'deployment']);
  });

  it('stores and sends what clusters report escaped and bounded', async () => {
    const knex = await databases.init(id);
    const { run, notifications } = await setup(knex, [
      service('checkout', { policy: 'manual' }),
    ]);
    // A hostile or broken source: control characters (NUL included, which
    // PostgreSQL refuses in text) and a 10,000-character reason.
    const hostile = `\u0000\u001b[2J${'x'.repeat(10_000)}`;
    await run(0, 300, () => ({
      ...REFUSED,
      message: hostile,
      evidence: [{ source: 'probe', status: 'unhealthy', reason: hostile }],
    }));
    const [row] = await decisionRows(knex);
    // eslint-disable-next-line no-control-regex
    const raw = /[\u0000-\u001f\u007f-\u009f]/;
    expect(row.reason).not.toMatch(raw);
    expect(row.reason.length).toBeLessThanOrEqual(2000);
    expect(row.reason).toContain('\\0\\x1b[2J');
    expect(row.evidence).not.toMatch(raw);
    const [sent] = notifications.sent;
    expect(sent.payload.description).not.toMatch(raw);
    expect(sent.payload.description!.length).toBeLessThanOrEqual(1000);
  });
});
