import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { multiClusterPlugin } from '../plugin';
import {
  capiFleetClusters,
  capiFleetWorkloads,
} from '../__testUtils__/fixtures';
import { ClusterApiTestFleet } from '../__testUtils__/ClusterApiTestFleet';
import { measureLongestTask } from './__testUtils__/measure';
import { heaviestSimulation } from './__testUtils__/heaviestSimulation';
import { allowingPermissions } from './__testUtils__/testBackend';

// Each heavy request takes its worker a third of a second; a slow machine more.
jest.setTimeout(300_000);

const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
const API = '/api/multi-cluster';
/** The same bound as the hostile corpus's: CPU one callback holds the event loop for. */
const MAX_BLOCKING_MS = 200;

describe('a burst of the heaviest valid placement requests', () => {
  it('runs them off the event loop, refuses what does not fit with Retry-After, and /health keeps answering', async () => {
    const fleet = await ClusterApiTestFleet.start({
      clusters: capiFleetClusters,
      workloads: capiFleetWorkloads,
    });
    const { server } = await startTestBackend({
      features: [
        multiClusterPlugin,
        mockServices.database.factory({
          knex: await databases.init('SQLITE_3'),
        }),
        mockServices.rootConfig.factory({
          data: {
            multiCluster: {
              clusterApi: fleet.clusterApiConfig,
              catalog: { enabled: false },
              placement: {
                workers: { threads: 1, queueLimit: 2, perCallerLimit: 2 },
              },
            },
          },
        }),
        allowingPermissions().factory,
        catalogServiceMock.factory({ entities: [] }),
      ],
    });
    const base = `http://localhost:${server.port()}${API}`;
    const body = JSON.stringify(heaviestSimulation());
    try {
      const healthStatuses: number[] = [];
      const { result: answers, longestTaskCpuMs } = await measureLongestTask(
        async () => {
          let done = false;
          const burst = Promise.all(
            Array.from({ length: 12 }, (_, i) =>
              fetch(`${base}/placement/simulate`, {
                method: 'POST',
                headers: {
                  Authorization: mockCredentials.user.header(
                    `user:default/caller-${i % 3}`,
                  ),
                  'Content-Type': 'application/json',
                },
                body,
              }).then(async res => ({
                status: res.status,
                retryAfter: res.headers.get('retry-after'),
                text: await res.text(),
              })),
            ),
          ).finally(() => {
            done = true;
          });
          // /health between the heavy requests, as a load balancer asks.
          do {
            healthStatuses.push((await fetch(`${base}/health`)).status);
          } while (!done);
          return burst;
        },
      );

      // The work ran on the worker: the event loop was never held long.
      expect(longestTaskCpuMs).toBeLessThan(MAX_BLOCKING_MS);
      expect(healthStatuses.length).toBeGreaterThan(0);
      expect(healthStatuses.every(status => status === 200)).toBe(true);
      // Each ran (200) or was refused at once, briefly, with Retry-After.
      const outcomes = answers.map(({ status, retryAfter, text }) =>
        status === 200
          ? 'ran'
          : `${status} retry-after ${
              Number(retryAfter) >= 1 ? 'set' : retryAfter
            }${text.length < 1_000 ? '' : ' long'}`,
      );
      const allowed = ['ran', '429 retry-after set', '503 retry-after set'];
      expect(outcomes.filter(o => !allowed.includes(o))).toEqual([]);
      // Whatever the timing, the first request to reach the workers ran.
      expect(outcomes).toContain('ran');
    } finally {
      await fleet.stop();
    }
  });
});
