/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectRefused", "fc.assert"] }] */
import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import fc from 'fast-check';
import { Knex } from 'knex';
import request from 'supertest';
import { multiClusterPlugin } from '../plugin';
import {
  capiFleetClusters,
  capiFleetWorkloads,
  checkoutEntity,
} from '../__testUtils__/fixtures';
import { ClusterApiTestFleet } from '../__testUtils__/ClusterApiTestFleet';
import {
  actionTargets,
  HostileCase,
  routeTargets,
  RUN_ID,
  Target,
} from './__testUtils__/corpus';
import { measureWithinBound } from './__testUtils__/measure';
import { allowingPermissions, fleetConfig } from './__testUtils__/testBackend';

// Requests are sequential and bounded (about 700 of them); the time is in
// starting the backend and in the largest bodies (2 MB).
jest.setTimeout(120_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const USER = mockCredentials.user.header('user:default/alice');
const API = '/api/multi-cluster';

/** A refusal must stay under this size, whatever the request. */
const MAX_ANSWER_BYTES = 4_096;
/** Nor may it keep the event loop from turning longer (see measure.ts). */
const MAX_BLOCKING_MS = 200;
/** Generated requests per route or action. */
const GENERATED_PER_TARGET = 8;

/** What was measured, for the summary printed at the end. */
const stats = {
  requests: 0,
  maxBytes: { value: 0, at: '' },
  maxBlocking: { value: 0, at: '' },
  maxLag: { value: 0, at: '' },
  statuses: new Map<number, number>(),
};

function record(
  at: string,
  status: number,
  bytes: number,
  blocking: number,
  lag: number,
) {
  stats.requests++;
  stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
  if (bytes > stats.maxBytes.value) stats.maxBytes = { value: bytes, at };
  if (blocking > stats.maxBlocking.value) {
    stats.maxBlocking = { value: blocking, at };
  }
  if (lag > stats.maxLag.value) stats.maxLag = { value: lag, at };
}

/** Every plugin table but the fleet snapshots (refreshed on a schedule). */
async function countRows(knex: Knex): Promise<Record<string, number>> {
  const tables: { name: string }[] = await knex('sqlite_master')
    .where('type', 'table')
    .andWhere('name', 'like', 'multi_cluster_%')
    .andWhereNot('name', 'multi_cluster_snapshots')
    .select('name');
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await knex(name).count({ n: '*' });
    counts[name] = Number(n);
  }
  return counts;
}

async function startBackend() {
  const knex = await databases.init('SQLITE_3');
  const fleet = await ClusterApiTestFleet.start({
    clusters: capiFleetClusters,
    workloads: capiFleetWorkloads,
  });
  const permissions = allowingPermissions();
  const backend = await startTestBackend({
    features: [
      multiClusterPlugin,
      mockServices.database.factory({ knex }),
      fleetConfig(fleet),
      permissions.factory,
      catalogServiceMock.factory({ entities: [checkoutEntity] }),
      // The real registry: actions are invoked over HTTP like an MCP client.
      actionsRegistryServiceMock.factory(),
    ],
  });
  return { backend, knex, fleet };
}

interface Answer {
  status: number;
  text: string;
  body?: { error?: { name?: string; message?: string; stack?: string } };
}

/**
 * Sends one request of `target`, `hostile` replacing parts of it, byte for
 * byte (supertest would JSON-encode a Buffer body sent as JSON).
 */
async function send(
  baseUrl: string,
  target: Target,
  hostile: HostileCase,
): Promise<Answer> {
  const body =
    hostile.body ?? (target.valid ? JSON.stringify(target.valid) : undefined);
  const response = await fetch(`${baseUrl}${hostile.path ?? target.path}`, {
    method: target.method.toUpperCase(),
    headers: {
      Authorization: USER,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...hostile.headers,
    },
    body,
  });
  const text = await response.text();
  let parsed: Answer['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, body: parsed };
}

const FILE_PATH = /(\/[\w.-]+){2,}\.(ts|js|cjs|mjs)\b|node_modules|\/work\//;

/** Sends `hostile` and checks the refusal. */
async function expectRefused(
  baseUrl: string,
  target: Target,
  hostile: HostileCase,
) {
  const at = `${target.name}: ${hostile.label}`;
  const measured = await measureWithinBound(
    () => send(baseUrl, target, hostile),
    MAX_BLOCKING_MS,
  );
  const res = measured.result;
  const bytes = Buffer.byteLength(res.text);
  record(at, res.status, bytes, measured.blockingCpuMs, measured.lagMs);
  const summary = `${at} -> ${
    res.status
  } ${bytes} bytes, blocked ${measured.blockingCpuMs.toFixed(
    0,
  )} ms CPU / ${measured.lagMs.toFixed(0)} ms lag: ${res.text.slice(0, 300)}`;
  expect({ summary, ok: res.status >= 400 && res.status < 500 }).toEqual({
    summary,
    ok: true,
  });
  if (hostile.status) {
    expect({ summary, status: res.status }).toEqual({
      summary,
      status: hostile.status,
    });
  }
  expect({ summary, small: bytes < MAX_ANSWER_BYTES }).toEqual({
    summary,
    small: true,
  });
  expect({ summary, quick: measured.best < MAX_BLOCKING_MS }).toEqual({
    summary,
    quick: true,
  });
  if (res.body?.error) {
    expect(res.body.error.stack).toBeUndefined();
    expect(res.text).not.toMatch(FILE_PATH);
  }
}

/** Bodies (or action inputs) the target's schema refuses. */
function refusedBodies(target: Target) {
  const valid = target.valid!;
  return fc
    .oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), {
        maxKeys: 6,
      }),
      fc
        .record({
          key: fc.constantFrom(...Object.keys(valid), 'extra'),
          value: fc.jsonValue({ maxDepth: 3 }),
        })
        .map(({ key, value }) => ({ ...valid, [key]: value })),
    )
    .filter(body => !target.schema!.safeParse(body).success);
}

/** Query strings with at least one parameter the route does not take. */
const refusedQueries = fc
  .record({
    known: fc.dictionary(
      fc.constantFrom('label', 'region', 'health', 'limit', 'kind'),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
      ),
      { maxKeys: 3 },
    ),
    unknown: fc.string({ minLength: 1, maxLength: 12 }),
    value: fc.string({ unit: 'binary', maxLength: 40 }),
  })
  .map(({ known, unknown, value }) => {
    const query = new URLSearchParams(known);
    query.append(`x-${unknown}`, value);
    return query.toString();
  });

describe('hostile input', () => {
  let backend: Awaited<ReturnType<typeof startBackend>>['backend'];
  let fleet: ClusterApiTestFleet;
  let knex: Knex;
  let rowsBefore: Record<string, number>;
  let baseUrl = '';

  beforeAll(async () => {
    ({ backend, knex, fleet } = await startBackend());
    const address = backend.server.address();
    if (!address || typeof address === 'string') {
      throw new Error('the test backend is not listening on a port');
    }
    baseUrl = `http://127.0.0.1:${address.port}${API}`;
    rowsBefore = await countRows(knex);
  });

  afterAll(async () => {
    await backend?.stop();
    await fleet?.stop();
    const statuses = [...stats.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    // The figures behind the bounds, for whoever tunes them.
    // eslint-disable-next-line no-console
    console.log(
      [
        `hostile requests: ${stats.requests} (${statuses})`,
        `largest answer: ${stats.maxBytes.value} bytes (${stats.maxBytes.at})`,
        `most blocking: ${stats.maxBlocking.value.toFixed(1)} ms CPU (${
          stats.maxBlocking.at
        })`,
        `longest event-loop lag: ${stats.maxLag.value.toFixed(1)} ms (${
          stats.maxLag.at
        })`,
      ].join('\n'),
    );
  });

  describe.each(routeTargets().map(t => [t.name, t] as const))(
    'route %s',
    (_name, target) => {
      it('refuses the corpus with a short 4xx, quickly', async () => {
        for (const hostile of target.cases) {
          await expectRefused(baseUrl, target, hostile);
        }
      });

      it('refuses generated requests the same way', async () => {
        const requests = target.valid
          ? refusedBodies(target).map(
              (body): HostileCase => ({
                label: `generated ${JSON.stringify(body).slice(0, 60)}`,
                body: JSON.stringify(body),
              }),
            )
          : refusedQueries.map(
              (query): HostileCase => ({
                label: `generated ?${query.slice(0, 60)}`,
                path: `${target.path}?${query}`,
              }),
            );
        await fc.assert(
          fc.asyncProperty(requests, async hostile => {
            await expectRefused(baseUrl, target, hostile);
          }),
          { numRuns: GENERATED_PER_TARGET },
        );
      });
    },
  );

  describe.each(actionTargets().map(t => [t.name, t] as const))(
    '%s',
    (_name, target) => {
      it('refuses the corpus with a short 4xx, quickly', async () => {
        for (const hostile of target.cases) {
          await expectRefused(baseUrl, target, hostile);
        }
      });

      it('refuses generated inputs the same way', async () => {
        await fc.assert(
          fc.asyncProperty(refusedBodies(target), async body => {
            await expectRefused(baseUrl, target, {
              label: `generated ${JSON.stringify(body).slice(0, 60)}`,
              body: JSON.stringify(body),
            });
          }),
          { numRuns: GENERATED_PER_TARGET },
        );
      });
    },
  );

  describe('afterwards', () => {
    it('wrote nothing and polluted no prototype', async () => {
      expect(await countRows(knex)).toEqual(rowsBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('still answers valid requests', async () => {
      const server = backend.server;
      const clusters = await request(server)
        .get(`${API}/clusters?label=environment=prod`)
        .set('Authorization', USER);
      expect(clusters.status).toBe(200);
      expect(clusters.body.items.map((c: { name: string }) => c.name)).toEqual([
        'fleet-eu-west-1',
        'fleet-us-east-1',
      ]);

      const simulated = await request(server)
        .post(`${API}/placement/simulate`)
        .set('Authorization', USER)
        .send({
          replicas: 2,
          placement: { clusterAffinity: { clusterNames: ['fleet-eu-west-1'] } },
        });
      expect(simulated.status).toBe(200);
      expect(simulated.body.targets).toEqual([
        { name: 'fleet-eu-west-1', replicas: 2 },
      ]);

      const plan = await request(server)
        .post(`${API}/failovers`)
        .set('Authorization', USER)
        .send({
          entityRef: 'component:default/checkout',
          from: 'fleet-eu-west-1',
          to: 'fleet-us-east-1',
          reason: 'still answering',
          dryRun: true,
        });
      expect(plan.status).toBe(200);
      expect(plan.body.dryRun).toBe(true);

      const action = await request(server)
        .post(
          `${API}/.backstage/actions/v1/actions/multi-cluster:get-failover/invoke`,
        )
        .set('Authorization', USER)
        .send({ id: RUN_ID });
      expect(action.status).toBe(404);
      expect(action.body.error.message).toMatch(/not found/);
    });
  });
});
