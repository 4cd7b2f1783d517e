import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { secondKnex, waitFor } from '../__testUtils__/harness';
import { decodeNotice, encodeNotice } from './noticePayload';
import { openPgConnection } from './pgConnection';
import {
  createWorkSignal,
  PostgresWorkSignal,
  WORK_SIGNAL_CHANNEL,
  WorkNotice,
  WorkSignal,
} from '.';

jest.setTimeout(60_000);

const databases = TestDatabases.create({ ids: ['POSTGRES_15', 'SQLITE_3'] });
const RUN = '0b6f1c2e-8d4a-4f53-9a55-3f2d8f6c1e01';
const OTHER_RUN = '5e3b9c1d-2a7f-4c8e-b1d6-7a9e0f4b2c33';

/** A signal and every notice its subscriber received, in order. */
function heard(signal: WorkSignal) {
  const notices: WorkNotice[] = [];
  signal.subscribe(notice => notices.push(notice));
  return notices;
}

describe('work signal on SQLite', () => {
  it('is in-process: subscribers hear every notice at once', async () => {
    const knex = await databases.init('SQLITE_3');
    const signal = createWorkSignal(knex, mockServices.logger.mock());
    expect(signal.transport).toBe('in-process');
    const notices = heard(signal);
    const failing = jest.fn(() => {
      throw new Error('a broken listener');
    });
    const unsubscribe = signal.subscribe(failing);
    await signal.start();
    await signal.notify('run-created', { runId: RUN });
    unsubscribe();
    await signal.notify('run-finished', { runId: RUN });
    // Delivered before notify returns; the broken listener did not stop it.
    expect(notices).toEqual([
      { kind: 'run-created', runId: RUN },
      { kind: 'run-finished', runId: RUN },
    ]);
    expect(failing).toHaveBeenCalledTimes(1);
    await signal.stop();
  });
});

describe('work signal on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** A signal on its own pool of the database (another replica). */
  function replica(knex: Knex, options: { connect?: () => any } = {}) {
    const pool = secondKnex(knex);
    const signal = new PostgresWorkSignal({
      knex: pool,
      logger: mockServices.logger.mock(),
      backoff: { initialMs: 10, maxMs: 100 },
      ...options,
    });
    cleanups.push(async () => {
      await signal.stop();
      await pool.destroy();
    });
    return signal;
  }

  /** Backends listening on the channel in this database. */
  async function listeners(knex: Knex): Promise<number[]> {
    const { rows } = await knex.raw(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND query = ?`,
      [`LISTEN "${WORK_SIGNAL_CHANNEL}"`],
    );
    return rows.map((r: { pid: number }) => Number(r.pid));
  }

  it('is chosen for a PostgreSQL database', async () => {
    const knex = await databases.init('POSTGRES_15');
    expect(createWorkSignal(knex, mockServices.logger.mock()).transport).toBe(
      'postgres',
    );
  });

  it('tells another replica on another pool, and its own subscribers once', async () => {
    const knex = await databases.init('POSTGRES_15');
    const a = replica(knex);
    const b = replica(knex);
    const toA = heard(a);
    const toB = heard(b);
    await Promise.all([a.start(), b.start()]);

    await a.notify('run-created', { runId: RUN });
    await waitFor(async () => toB.length === 1);
    await b.notify('lease-released', { runId: OTHER_RUN });
    await waitFor(async () => toA.length === 2);
    await a.notify('work-resumed');
    await waitFor(async () => toB.length === 3);

    // A heard its own notice at once and B's through the server; its own
    // echo, which the server delivered before B's later notice, was skipped.
    expect(toA).toEqual([
      { kind: 'run-created', runId: RUN },
      { kind: 'lease-released', runId: OTHER_RUN },
      { kind: 'work-resumed' },
    ]);
    expect(toB).toEqual(toA);
  });

  it('ignores what others send on the channel that is not a notice', async () => {
    const knex = await databases.init('POSTGRES_15');
    const a = replica(knex);
    const toA = heard(a);
    await a.start();
    for (const junk of [
      'not json',
      '[1]',
      '{"k":"drop-tables","o":"x"}',
      `{"k":"run-created","o":"${'x'.repeat(65)}"}`,
      '{"k":"run-created"}',
    ]) {
      await knex.raw('SELECT pg_notify(?, ?)', [WORK_SIGNAL_CHANNEL, junk]);
    }
    await knex.raw('SELECT pg_notify(?, ?)', [
      WORK_SIGNAL_CHANNEL,
      encodeNotice('run-finished', RUN, 'another-replica'),
    ]);
    // Notifications arrive in the order they were sent: the junk came first.
    await waitFor(async () => toA.length > 0);
    expect(toA).toEqual([{ kind: 'run-finished', runId: RUN }]);
  });

  it('listens again after its connection is terminated, and says so', async () => {
    const knex = await databases.init('POSTGRES_15');
    const a = replica(knex);
    const b = replica(knex); // only sends
    const toA = heard(a);
    await a.start();
    const [before] = await listeners(knex);
    expect(before).toEqual(expect.any(Number));

    await knex.raw('SELECT pg_terminate_backend(?)', [before]);
    await waitFor(async () => toA.some(n => n.kind === 'reconnected'));
    const after = await listeners(knex);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    expect(a.listening).toBe(true);

    await b.notify('run-created', { runId: RUN });
    await waitFor(async () => toA.length === 2);
    expect(toA).toEqual([
      { kind: 'reconnected' },
      { kind: 'run-created', runId: RUN },
    ]);
  });

  it('keeps trying when it cannot connect, without telling a reconnect', async () => {
    const knex = await databases.init('POSTGRES_15');
    let attempts = 0;
    const a = replica(knex, {
      connect: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('connection refused');
        return openPgConnection(knex);
      },
    });
    const toA = heard(a);
    await a.start(); // resolves after the first failed attempt
    expect(a.listening).toBe(false);
    await waitFor(async () => a.listening);
    expect(attempts).toBe(3);

    await replica(knex).notify('run-created', { runId: RUN });
    await waitFor(async () => toA.length === 1);
    // It never listened before: nothing was missed that it could have heard.
    expect(toA).toEqual([{ kind: 'run-created', runId: RUN }]);
  });
});

describe('notice payloads', () => {
  it('round-trips a notice with its origin', () => {
    expect(
      decodeNotice(encodeNotice('run-finished', RUN, 'replica-a')),
    ).toEqual({
      notice: { kind: 'run-finished', runId: RUN },
      origin: 'replica-a',
    });
    expect(decodeNotice(encodeNotice('work-resumed', undefined, 'b'))).toEqual({
      notice: { kind: 'work-resumed' },
      origin: 'b',
    });
  });

  it.each([
    ['nothing', undefined],
    ['an empty payload', ''],
    ['JSON null', 'null'],
    ['a bare string', '"run-created"'],
    ['a kind only this replica may tell', '{"k":"reconnected","o":"a"}'],
    ['an empty origin', '{"k":"run-created","o":""}'],
    ['a run id that is not a string', '{"k":"run-created","o":"a","r":7}'],
    [
      'more than 512 characters',
      `{"k":"run-created","o":"a","pad":"${'x'.repeat(600)}"}`,
    ],
  ])('refuses %s', (_, payload) => {
    expect(decodeNotice(payload)).toBeUndefined();
  });
});
