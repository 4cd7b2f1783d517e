import { mockCredentials, TestDatabases } from '@backstage/backend-test-utils';
import { ActiveFailoverError } from './FailoverStore';
import { createHarness } from './__testUtils__/harness';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3', 'POSTGRES_15'] });
const ENTITY = 'component:default/checkout';

describe.each(databases.eachSupportedId())(
  'runs authorized elsewhere on %p',
  id => {
    it('creates a run to the planned targets with the caller’s record, in one transaction, once per key', async () => {
      const knex = await databases.init(id);
      // checkout runs 3 replicas on eu-west and none on us-east.
      const h = await createHarness(knex);
      const service = mockCredentials.service();
      const request = {
        entityRef: ENTITY,
        from: 'eu-west',
        targets: [{ name: 'us-east', replicas: 3 }],
        reason: 'region failover s-1: eu-west-1 is dark',
        actor: 'user:default/platform-admin',
        idempotency: { scope: 'region-failover:s-1', key: `${ENTITY}:eu-west` },
      };
      const count = async (table: string) =>
        Number((await knex(table).count({ n: '*' }))[0].n);

      // The caller refuses the run in its transaction: nothing is left.
      await expect(
        h.internal.start(
          {
            ...request,
            recordInTransaction: async () => {
              throw new Error('the child already has a run');
            },
          },
          service,
        ),
      ).rejects.toThrow('the child already has a run');
      expect(await count('multi_cluster_failover_runs')).toBe(0);
      expect(await count('multi_cluster_failover_active')).toBe(0);

      const recorded: string[] = [];
      const recordInTransaction = async (tx: any, runId: string) => {
        // Inside the run's transaction: the run is there to see.
        const row = await tx('multi_cluster_failover_runs')
          .where({ id: runId })
          .first('id');
        recorded.push(row.id);
      };
      const first = await h.internal.start(
        { ...request, recordInTransaction },
        service,
      );
      expect(first.created).toBe(true);
      expect(recorded).toEqual([first.run.id]);
      expect(first.run).toMatchObject({
        kind: 'failover',
        actor: 'user:default/platform-admin',
        from: 'eu-west',
        to: ['us-east'],
        plan: {
          targetChosenBy: 'plan',
          moves: [
            { cluster: 'eu-west', before: 3, after: 0 },
            { cluster: 'us-east', before: 0, after: 3 },
          ],
        },
        context: { requestedBy: 'user:default/platform-admin' },
      });

      // The same key (even re-planned): the same run, not recorded twice.
      const again = await h.internal.start(
        {
          ...request,
          targets: [{ name: 'us-east', replicas: 2 }],
          recordInTransaction,
        },
        service,
      );
      expect(again).toMatchObject({
        created: false,
        run: { id: first.run.id },
      });
      expect(recorded).toHaveLength(1);
      // Another key for the same service: its lock holds.
      await expect(
        h.internal.start(
          { ...request, idempotency: { scope: 'other', key: 'k' } },
          service,
        ),
      ).rejects.toThrow(ActiveFailoverError);
      await expect(h.internal.find(request.idempotency)).resolves.toMatchObject(
        { id: first.run.id },
      );
      expect(await h.internal.cancel(first.run.id, request.actor)).toBe(
        'cancelled',
      );
    });
  },
);
