import { TestDatabases } from '@backstage/backend-test-utils';
import { StoredCluster } from '@flotilla/plugin-multi-cluster-node';
import { MultiClusterStore } from './MultiClusterStore';

jest.setTimeout(60_000);

const databases = TestDatabases.create({
  ids: ['SQLITE_3', 'POSTGRES_17', 'POSTGRES_15'],
});

function stored(
  name: string,
  extra: Partial<StoredCluster['cluster']> = {},
): StoredCluster {
  return {
    cluster: {
      name,
      source: 'config',
      sources: [{ type: 'config', id: 'config' }],
      labels: { environment: 'prod' },
      capacity: { allocatable: { cpu: '8' } },
      health: { status: 'healthy', via: 'readyz' },
      stale: false,
      refreshedAt: '2026-12-02T10:00:00.000Z',
      ...extra,
    },
    access: {
      kind: 'direct',
      url: `https://${name}.example.com:6443`,
      credentialRef: `config:${name}`,
    },
  };
}

describe.each(databases.eachSupportedId())(
  'MultiClusterStore on %p',
  databaseId => {
    async function create() {
      const knex = await databases.init(databaseId);
      const store = await MultiClusterStore.create({
        database: { getClient: async () => knex },
      });
      return { knex, store };
    }

    it('replaces snapshots atomically (upsert + delete missing)', async () => {
      const { store, knex } = await create();
      await store.replaceSnapshots([stored('a'), stored('b'), stored('c')]);
      expect((await store.listSnapshots()).map(s => s.cluster.name)).toEqual([
        'a',
        'b',
        'c',
      ]);
      await store.replaceSnapshots([
        stored('b', { stale: true, lastError: 'boom' }),
        stored('d'),
      ]);
      const all = await store.listSnapshots();
      expect(all.map(s => s.cluster.name)).toEqual(['b', 'd']);
      expect(await store.getSnapshot('b')).toMatchObject({
        cluster: { stale: true, lastError: 'boom' },
        access: {
          kind: 'direct',
          url: 'https://b.example.com:6443',
          credentialRef: 'config:b',
        },
      });
      const row = await knex('multi_cluster_snapshots')
        .where({ name: 'b' })
        .first();
      expect(Boolean(row.stale)).toBe(true);
      expect(row.last_error).toBe('boom');
      expect(await store.getSnapshot('a')).toBeUndefined();
    });

    it('exposes a cheap version that changes with every refresh', async () => {
      const { store } = await create();
      expect(await store.snapshotsVersion()).toBeUndefined();
      await store.replaceSnapshots([stored('a')]);
      const v1 = await store.snapshotsVersion();
      expect(v1).toEqual(expect.any(String));
      await new Promise(r => setTimeout(r, 5));
      await store.replaceSnapshots([stored('a'), stored('b')]);
      expect(await store.snapshotsVersion()).not.toBe(v1);
    });

    it('stores many snapshots in chunks', async () => {
      const { store } = await create();
      const many = Array.from({ length: 1234 }, (_, i) =>
        stored(`c-${String(i).padStart(5, '0')}`),
      );
      await store.replaceSnapshots(many);
      expect((await store.listSnapshots()).length).toBe(1234);
      await store.replaceSnapshots(many.slice(0, 10));
      expect((await store.listSnapshots()).length).toBe(10);
    });

    it('records and lists history', async () => {
      const { store } = await create();
      const first = await store.record({
        actor: 'user:default/alice',
        action: 'cluster.scale',
        cluster: 'a',
        status: 'succeeded',
        input: { machineDeployment: 'md-0', replicas: 3 },
        result: { replicas: 3 },
      });
      expect(first.id).toEqual(expect.any(Number));
      await store.record({
        actor: 'user:default/bob',
        action: 'failover.start',
        entityRef: 'component:default/checkout',
        status: 'failed',
        error: 'nope',
      });
      expect(await store.list({ cluster: 'a' })).toEqual([
        expect.objectContaining({
          actor: 'user:default/alice',
          input: { machineDeployment: 'md-0', replicas: 3 },
          result: { replicas: 3 },
          status: 'succeeded',
        }),
      ]);
      expect(
        await store.list({ entityRef: 'component:default/checkout' }),
      ).toEqual([
        expect.objectContaining({
          action: 'failover.start',
          error: 'nope',
          status: 'failed',
        }),
      ]);
      expect((await store.list()).map(e => e.actor)).toEqual([
        'user:default/bob',
        'user:default/alice',
      ]);
    });

    it('keeps no table of the removed demo fleet', async () => {
      const { knex } = await create();
      expect(await knex.schema.hasTable('multi_cluster_snapshots')).toBe(true);
      expect(await knex.schema.hasTable('multi_cluster_demo_state')).toBe(
        false,
      );
    });
  },
);
