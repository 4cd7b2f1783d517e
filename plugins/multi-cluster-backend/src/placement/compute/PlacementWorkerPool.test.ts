import { mockServices } from '@backstage/backend-test-utils';
import {
  buildConnectivityReport,
  PlacementError,
  schedule,
  type FleetCluster,
  type ScheduleRequest,
} from '@flotilla/plugin-multi-cluster-common';
import {
  PlacementUnavailableError,
  TooManyPlacementRequestsError,
} from './overloadErrors';
import { testFleet } from '../../permissions/__testUtils__/permissionsFake';
import { PlacementWorkerPool } from './PlacementWorkerPool';

// A worker loads the scheduler from TypeScript source here: seconds.
jest.setTimeout(120_000);

const clusters = Array.from({ length: 50 }, (_, i) => ({
  name: `c-${i}`,
  region: `r-${i % 5}`,
  resourceSummary: { allocatable: { cpu: '16', memory: '64Gi', pods: '110' } },
}));

const divided: ScheduleRequest = {
  replicas: 12,
  placement: {
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference: { dynamicWeight: 'AvailableReplicas' },
    },
  },
  clusters,
};

function pool(
  options: Partial<ConstructorParameters<typeof PlacementWorkerPool>[0]> = {},
) {
  return new PlacementWorkerPool({
    threads: 1,
    queueLimit: 4,
    perCallerLimit: 2,
    taskTimeoutMs: 60_000,
    logger: mockServices.logger.mock(),
    ...options,
  });
}

describe('PlacementWorkerPool', () => {
  it('answers exactly what the scheduler answers on the calling thread', async () => {
    const workers = pool();
    try {
      expect(await workers.run('user:default/a', 'schedule', divided)).toEqual(
        schedule(divided),
      );
    } finally {
      await workers.close();
    }
  });

  it('builds the connectivity report exactly as the calling thread does', async () => {
    // The permission tests' fleet: clusters as the inventory holds them.
    const fleet = testFleet as unknown as FleetCluster[];
    const workers = pool();
    try {
      expect(
        await workers.run('user:default/a', 'connectivity', fleet),
      ).toEqual(buildConnectivityReport(fleet));
    } finally {
      await workers.close();
    }
  });

  it('brings the scheduler’s PlacementError across, code and reason included', async () => {
    const workers = pool();
    try {
      const failure = await workers
        .run('user:default/a', 'schedule', { ...divided, clusters: [] })
        .catch(error => error);
      let expected: unknown;
      try {
        schedule({ ...divided, clusters: [] });
      } catch (error) {
        expected = error;
      }
      expect(failure).toBeInstanceOf(PlacementError);
      expect(failure).toMatchObject({
        message: (expected as PlacementError).message,
        code: (expected as PlacementError).code,
        reason: (expected as PlacementError).reason,
      });
    } finally {
      await workers.close();
    }
  });

  it('refuses a caller over its limit with 429 and the queue when full with 503, at once', async () => {
    const workers = pool({ threads: 1, queueLimit: 1, perCallerLimit: 1 });
    try {
      // The first task runs (its worker loading), the second waits.
      const first = workers.run('user:default/a', 'schedule', divided);
      const second = workers.run('user:default/b', 'schedule', divided);
      const full = workers.run('user:default/c', 'schedule', divided);
      await expect(full).rejects.toBeInstanceOf(PlacementUnavailableError);
      await expect(full).rejects.toMatchObject({
        statusCode: 503,
        retryAfterSeconds: 2,
      });
      const again = workers.run('user:default/a', 'schedule', divided);
      await expect(again).rejects.toBeInstanceOf(TooManyPlacementRequestsError);
      await expect(again).rejects.toMatchObject({
        statusCode: 429,
        retryAfterSeconds: 1,
      });
      await Promise.all([first, second]);
      // Their turns over, both callers may ask again.
      await workers.run('user:default/a', 'schedule', divided);
    } finally {
      await workers.close();
    }
  });

  it('stops work that runs past its time with its worker, and goes on with a new one', async () => {
    const slow = pool({ taskTimeoutMs: 1 });
    try {
      // Loading the worker alone takes longer than a millisecond.
      await expect(
        slow.run('user:default/a', 'schedule', divided),
      ).rejects.toMatchObject({
        statusCode: 503,
        message: 'placement work took longer than 0 s',
      });
    } finally {
      await slow.close();
    }
    const workers = pool();
    try {
      await expect(
        workers.run('user:default/a', 'schedule', divided),
      ).resolves.toEqual(schedule(divided));
    } finally {
      await workers.close();
    }
  });

  it('keeps the event loop turning while a worker schedules', async () => {
    const workers = pool();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const many = {
        ...divided,
        clusters: [
          ...clusters,
          ...clusters.map(c => ({ ...c, name: `${c.name}-b` })),
        ],
      };
      await workers.run('user:default/a', 'schedule', many);
      // Timers fired while the work ran elsewhere.
      expect(ticks).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
      await workers.close();
    }
  });

  it('refuses work once closed', async () => {
    const workers = pool();
    await workers.close();
    await expect(
      workers.run('user:default/a', 'schedule', divided),
    ).rejects.toMatchObject({ statusCode: 503 });
  });
});
