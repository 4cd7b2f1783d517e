/**
 * Losing a region, end to end, on two real backends sharing one PostgreSQL
 * (two replicas of one deployment) against the real Karmada control plane:
 * every member of eu-west is partitioned and marked not ready. Detection
 * (one runner among the replicas) waits out each service's window, then
 * fails the services that opted into automatic failover over in one region
 * failover planned as the what-if planner answers, within the per-cluster
 * cap, in priority order, each service moved once, while the replica that
 * drives the storm is killed and the other resumes it. A member answering
 * 401 (our credentials, not an outage) and a member that flaps inside the
 * window never trigger. After the region is back and stays healthy for the
 * stabilization window, detection fails the services back, once, and the
 * members' API servers run the replicas they ran before.
 */
import { FleetDescription } from '@flotilla/fleet-simulator';
import { eventually } from '@flotilla/test-kit';
import {
  dropDatabases,
  RunningBackend,
  uniqueDatabasePrefix,
} from './harness/backend';
import { fault, replicasOnMembers } from './harness/failover';
import { requireFleet } from './harness/fleet';
import {
  decisions,
  detectionState,
  overlapsOnOneTarget,
  RegionFailoverView,
  stormLeaseOwner,
  TimedRun,
} from './harness/regionLoss';

jest.setTimeout(1_200_000);

const fleet: FleetDescription = requireFleet();
const databasePrefix = uniqueDatabasePrefix('region');
const EU_WEST = fleet.clusters
  .filter(c => c.kind === 'member' && c.region === 'eu-west')
  .map(c => c.name)
  .sort();
/** Its replicas refuse our token: not an outage, never a trigger. */
const REFUSING = 'staging-us-east-gcp-1';
/** Partitioned and healed again and again, never for a whole window. */
const FLAPPING = 'prod-us-east-azure-1';
const CHECKOUT = 'component:default/checkout';
const STOREFRONT = 'component:default/storefront';
const AUTOMATIC = [CHECKOUT, STOREFRONT];
// Placed through Karmada, whose control plane still tells where they run
// (checkout-admin's directly reached clusters cannot be read when cut off).
const MANUAL = [
  'component:default/payments-ledger',
  'component:default/search-api',
];
const MEMBERS = fleet.clusters
  .filter(c => c.kind === 'member')
  .map(c => c.name)
  .sort();
// The services' default window (300 s) times the test's time scale.
const WINDOW_SECONDS = 30;

const config = {
  multiCluster: {
    // A killed replica's scheduler locks expire with these timeouts: the
    // survivor refreshes and detects again within seconds, not minutes.
    refresh: { frequency: { seconds: 3 }, timeout: { seconds: 30 } },
    detection: {
      enabled: true,
      frequency: { seconds: 2 },
      timeout: { seconds: 30 },
      timeScale: 0.1,
      failbackStabilization: { seconds: 20 },
    },
    failover: {
      timeScale: 0.25,
      leaseDuration: { seconds: 15 },
      storm: { maxConcurrentRuns: 2, maxRunsPerTargetCluster: 1 },
    },
  },
};

const replicas: RunningBackend[] = [];
let killedReplica: RunningBackend | undefined;
const api = (path: string) => `/api/multi-cluster${path}`;

async function onMembers(name: string) {
  return replicasOnMembers(fleet, 'shop', name, MEMBERS);
}

const member = (cluster: string, body: object) =>
  fault(fleet, 'PUT', `/faults/${cluster}`, body);

/** Partitions the member until detection sees it failing, then heals it. */
// A killed replica holds the scheduler's locks of the refresh and detection
// tasks until their timeout (30 s here); meanwhile nothing is observed.
const FLAP_WAIT_MS = 300_000;

async function flapOnce() {
  // Whichever replica is alive (the test kills one in the middle).
  const backend = () => replicas.find(r => r !== killedReplica)!;
  await member(FLAPPING, { down: true });
  await eventually(async () => {
    expect((await detectionState(backend(), FLAPPING))?.state).toBe('failing');
  }, FLAP_WAIT_MS);
  await member(FLAPPING, { down: false });
  await eventually(async () => {
    expect((await detectionState(backend(), FLAPPING))?.state).toBe('healthy');
  }, FLAP_WAIT_MS);
}

beforeAll(async () => {
  for (const [index, name] of ['a', 'b'].entries()) {
    replicas.push(
      await RunningBackend.start(fleet, {
        name: `region-${name}`,
        port: 7146 + index,
        databasePrefix,
        config,
      }),
    );
  }
}, 1_200_000);

afterAll(async () => {
  await fault(fleet, 'DELETE', '/faults');
  await Promise.all(replicas.map(r => r.stop()));
  await dropDatabases(databasePrefix);
}, 120_000);

describe('losing a region', () => {
  it('fails over and back exactly once, within the caps, as planned', async () => {
    const [a] = replicas;
    const baseline = {
      checkout: await onMembers('checkout'),
      storefront: await onMembers('storefront'),
    };
    await eventually(async () => {
      for (const cluster of EU_WEST) {
        expect((await detectionState(a, cluster))?.state).toBe('healthy');
      }
    }, 180_000);
    const plan = await a.ok<any>('POST', api('/what-if'), {
      regions: ['eu-west'],
      entityRefs: AUTOMATIC,
    });
    expect(plan.lostClusters).toEqual(EU_WEST);

    await member(REFUSING, { failWith: 401 });
    const lostAt = Date.now();
    for (const cluster of EU_WEST) {
      await member(cluster, { down: true, notReady: true });
    }
    let flapping = true;
    let flaps = 0;
    const flapper = (async () => {
      while (flapping) {
        await flapOnce();
        flaps++;
      }
    })();

    // Detection: after the whole window, region failovers for the
    // automatic services (one per tick in which windows ended: usually
    // one), a proposal for each manual one.
    const failedOver = await eventually(
      async () => {
        const items = await decisions(a, { kind: 'failed-over' });
        expect(new Set(items.map(d => d.entityRef))).toEqual(
          new Set(AUTOMATIC),
        );
        expect(items.every(d => d.stormId)).toBe(true);
        return items;
      },
      300_000,
      2000,
    );
    // Not before the window: counted from when the test cut the region off.
    for (const decision of failedOver) {
      expect(Date.parse(decision.createdAt) - lostAt).toBeGreaterThanOrEqual(
        WINDOW_SECONDS * 1000,
      );
    }
    await eventually(async () => {
      const proposals = await decisions(a, { kind: 'would-fail-over' });
      expect(new Set(proposals.map(d => d.entityRef))).toEqual(new Set(MANUAL));
    }, 120_000);
    const stormIds = [...new Set(failedOver.map(d => d.stormId!))];
    const storm = (backend: RunningBackend, id: string) =>
      backend.ok<RegionFailoverView>('GET', api(`/region-failovers/${id}`));

    // The storms' moves are the what-if's answer for the same loss.
    const children = (await Promise.all(stormIds.map(id => storm(a, id))))
      .flatMap(s => s.children)
      .map(c => [c.entityRef, c.from, [...c.to].sort(), c.replicas]);
    expect(children.sort()).toEqual(
      plan.services
        .flatMap((s: any) =>
          s.sources.map((m: any) => [
            s.entityRef,
            m.from,
            m.targets.map((t: any) => t.name).sort(),
            m.replicas,
          ]),
        )
        .sort(),
    );

    // The replica that drives the first storm dies while one of its
    // children runs; the other takes the storm over.
    await eventually(
      async () => {
        const now = await storm(a, stormIds[0]);
        expect(now.children.some(c => c.status === 'running')).toBe(true);
      },
      120_000,
      500,
    );
    const owner = await stormLeaseOwner(databasePrefix, stormIds[0]);
    const killed = replicas.find(r => owner?.includes(`:${r.pid}:`));
    expect(killed).toBeDefined();
    killedReplica = killed;
    await killed!.stop('SIGKILL');
    const survivor = replicas.find(r => r !== killed)!;

    const storms = await eventually(
      async () => {
        const now = await Promise.all(stormIds.map(id => storm(survivor, id)));
        expect(now.map(s => s.status)).toEqual(now.map(() => 'succeeded'));
        return now;
      },
      600_000,
      2000,
    );
    flapping = false;
    await flapper;
    expect(flaps).toBeGreaterThanOrEqual(2);

    // Every service moved once from each lost cluster, tier 0 admitted
    // before tier 1 within a storm, never two runs onto one cluster at once.
    const runs = await Promise.all(
      storms
        .flatMap(s => s.children)
        .map(c => survivor.ok<TimedRun>('GET', api(`/failovers/${c.runId}`))),
    );
    expect(runs.map(r => r.status)).toEqual(runs.map(() => 'succeeded'));
    expect(new Set(runs.map(r => r.id)).size).toBe(runs.length);
    const moved = runs.map(r => `${r.entityRef}|${r.from}`);
    expect(new Set(moved).size).toBe(moved.length);
    const createdAt = (c: { runId?: string }) =>
      Date.parse(runs.find(r => r.id === c.runId)!.createdAt);
    // The first admissions of a storm go to tier 0: no storefront run
    // was created before checkout's first.
    const tierOneBeforeTierZero = storms.flatMap(s => {
      const tierZero = s.children.filter(c => c.entityRef === CHECKOUT);
      const first = Math.min(...tierZero.map(createdAt));
      return s.children
        .filter(c => c.entityRef === STOREFRONT && tierZero.length)
        .filter(c => createdAt(c) < first)
        .map(c => c.runId);
    });
    expect(tierOneBeforeTierZero).toEqual([]);
    expect(overlapsOnOneTarget(runs)).toEqual([]);

    // The survivors' own API servers run what the what-if said they would
    // (the cut-off members keep what they had: nothing reaches them).
    for (const planned of plan.services) {
      const name = planned.entityRef.split('/')[1];
      const expected = Object.fromEntries(
        planned.placementAfter
          .filter((t: any) => t.replicas && !EU_WEST.includes(t.name))
          .map((t: any) => [t.name, t.replicas]),
      );
      await eventually(async () => {
        const now = await onMembers(name);
        const survivors = MEMBERS.filter(m => !EU_WEST.includes(m));
        expect(
          Object.fromEntries(
            survivors.filter(m => now[m]).map(m => [m, now[m]]),
          ),
        ).toEqual(expected);
      }, 120_000);
    }

    // No decision ever for the refusing or the flapping member.
    const all = await decisions(survivor, {});
    expect(
      all.filter(d => d.clusters.some(c => c === REFUSING || c === FLAPPING)),
    ).toEqual([]);

    // The region comes back: after the stabilization window, failback.
    await member(REFUSING, { failWith: null });
    for (const cluster of EU_WEST) {
      await member(cluster, { down: false, notReady: false });
    }
    await eventually(
      async () => {
        expect(await onMembers('checkout')).toEqual(baseline.checkout);
        expect(await onMembers('storefront')).toEqual(baseline.storefront);
      },
      600_000,
      2000,
    );
    // Exactly once: one failback per region failover, each succeeded.
    await eventually(async () => {
      const { items } = await survivor.ok<{ items: RegionFailoverView[] }>(
        'GET',
        api('/region-failovers'),
      );
      const failbacks = items.filter(s => s.kind === 'failback');
      expect(failbacks.map(f => f.failbackOf).sort()).toEqual(
        [...stormIds].sort(),
      );
      expect(failbacks.map(f => f.status)).toEqual(
        failbacks.map(() => 'succeeded'),
      );
    }, 120_000);
  });
});
