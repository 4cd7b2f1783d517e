/*
 * Fleet-scale bench: 1,000 Karmada Clusters on a real
 * Karmada control plane, backed by four member API servers, and the real
 * backend (packages/backend, PostgreSQL) reading them. Prints one table of
 * figures against the issue's targets. Exits 0 when everything was
 * measured (even when a target is missed), 1 when something could not be.
 *
 * The fleet is the bench's own (`scripts/fleet.sh up` in a temporary
 * folder, stopped at the end): FLOTILLA_FLEET_PORT_BASE (default 29440),
 * FLOTILLA_BENCH_BACKEND_PORT (7127; the Flotilla backend takes the next
 * port), FLOTILLA_BENCH_SLOW_MS (2000, the latency added in front of the
 * slow member), FLOTILLA_BENCH_KEEP=1 keeps the folder (logs) after a
 * successful run, FLOTILLA_BENCH_NODE_FLAGS replace the Node flags the
 * Flotilla backend runs with (by default its image's NODE_OPTIONS, read
 * from packages/backend-multi-cluster/Dockerfile; `--trace-gc` shows the
 * heap against RSS, `none` measures Node's own defaults).
 *
 * Who plays what (benchFleet.ts: BENCH_MEMBERS): the simulator joins each
 * member as a Karmada Cluster of its own name; the bench registers 996
 * more (`bench-0001`..`bench-0996`) sharing a member's apiEndpoint and
 * secrets. Of the 1,000, the 200 that map to a member running the bench
 * entity's Deployment run it: 197 on the workload host, 2 on the slow
 * member (its own Cluster and one bench Cluster, behind the fault proxy's
 * added latency) and 1 on the dead member (its own Cluster, partitioned);
 * the other 800 map to the idle member. Each member's Clusters are spread
 * evenly over the names, the order the backend walks the inventory in.
 *
 * Two backends, both built bundles (`scripts/backend-bundle.sh`, run with
 * NODE_ENV=production as they ship), deployed the way Backstage splits a
 * backend: the demo backend (catalog, auth, permissions, the rest) with no
 * fleet source, and Flotilla's plugin in a backend of its own
 * (`packages/backend-multi-cluster`), each reaching the other's plugins
 * through `discovery.endpoints`. The Flotilla backend has the repository's
 * configuration (refresh and placement defaults) and Karmada as its only
 * fleet source; it is what the figures measure. It is then restarted
 * without connectivity inspection, to tell the backend's own cost from that
 * of inspecting every Cluster through the Karmada proxy, and with no fleet
 * source, for the baseline.
 */
/* eslint-disable no-console */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  isSmokeRun,
  requireMeasured,
  runBench,
  sized,
} from '@flotilla/bench-kit';
import { FleetDescription } from '@flotilla/fleet-simulator';
import {
  dropDatabases,
  REPO_ROOT,
  RunningBackend,
  uniqueDatabasePrefix,
} from '../src/harness/backend';
import { eventually } from '@flotilla/test-kit';
import {
  BENCH_MEMBERS,
  BenchFleetOptions,
  buildBackendBundle,
  fleetProcessRss,
  peakRssMb,
  rssMb,
  setFault,
  startBenchFleet,
  stopBenchFleet,
} from './benchFleet';
import {
  BENCH_ENTITY,
  deployBenchWorkload,
  interleave,
  listKarmadaClusters,
  readiness,
  registerBenchClusters,
  writeBenchEntity,
} from './benchClusters';
import {
  InspectionRecord,
  inspections,
  loggedRefreshes,
  nextRefresh,
  RefreshRecord,
  triggeredRefresh,
} from '../src/harness/backendLog';
import {
  FailoverFigures,
  memberResponseMs,
  placementSample,
  PlacementSample,
  runFailover,
} from './benchMeasurements';
import {
  formatTable,
  megabytes,
  median,
  missed,
  percentile,
  Row,
  seconds,
} from './report';

// A smoke run (--smoke) keeps every phase at its smallest: 12 Clusters, 6
// of them running the workload, one sample of each figure.
const TOTAL_CLUSTERS = sized(1000, 12);
const WITH_WORKLOAD = sized(200, 6);
const SLOW_CLUSTERS = 2;
const DEAD_CLUSTERS = 1;
const REFRESH_TARGET_MS = 5000;
const RSS_TARGET_MB = 400;
const PLACEMENT_TARGET_RATIO = 1.2;
const REFRESH_SAMPLES = sized(3, 1);
const REFRESH_BUDGET_MS = 90_000;
const PLACEMENT_SAMPLES = sized(5, 1);
const PLACEMENT_BUDGET_MS = 120_000;
const MEMBER_SAMPLES = sized(5, 1);
/** A failover of a scenario service between two healthy members. */
const FAILOVER = {
  entityRef: 'component:default/storefront',
  from: BENCH_MEMBERS.workloadHost,
  to: BENCH_MEMBERS.idle,
};

const portBase = Number(process.env.FLOTILLA_FLEET_PORT_BASE ?? 29440);
/** The demo backend's port; the Flotilla backend listens on the next one. */
const backendPort = Number(process.env.FLOTILLA_BENCH_BACKEND_PORT ?? 7127);
const flotillaPort = backendPort + 1;
const flotillaNodeFlags = nodeFlags(
  process.env.FLOTILLA_BENCH_NODE_FLAGS ?? imageNodeOptions(),
);

/**
 * The NODE_OPTIONS Flotilla's backend image runs with: the bench measures
 * the backend as that image runs it.
 */
function imageNodeOptions(): string {
  const dockerfile = path.join(
    REPO_ROOT,
    'packages',
    'backend-multi-cluster',
    'Dockerfile',
  );
  const match = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(
    fs.readFileSync(dockerfile, 'utf8'),
  );
  if (!match) throw new Error(`${dockerfile} sets no NODE_OPTIONS`);
  return match[1];
}

function nodeFlags(options: string): string[] {
  return options === 'none' ? [] : options.split(' ').filter(Boolean);
}
/** The plugins the Flotilla backend reaches in the demo backend. */
const MAIN_BACKEND_PLUGINS = [
  'app',
  'auth',
  'catalog',
  'events',
  'kubernetes',
  'notifications',
  'permission',
  'proxy',
  'scaffolder',
  'search',
  'signals',
  'techdocs',
];
const slowMs = Number(process.env.FLOTILLA_BENCH_SLOW_MS ?? 2000);

const benchStarted = performance.now();
function progress(message: string) {
  const at = ((performance.now() - benchStarted) / 1000).toFixed(0);
  console.error(`[fleet-scale ${at.padStart(3)}s] ${message}`);
}

/** Times `step`, printing its name and duration. */
async function phase<T>(name: string, step: () => Promise<T>): Promise<T> {
  progress(`${name}...`);
  const started = performance.now();
  const result = await step();
  progress(`${name}: ${seconds(performance.now() - started)}`);
  return result;
}

/**
 * How many Clusters map to each member, beyond the member's own Cluster
 * (which the simulator joined): 200 run the workload, 2 of them slow and 1
 * dead, the rest of the 1,000 run nothing.
 */
function benchLayout(): string[] {
  return interleave({
    [BENCH_MEMBERS.workloadHost]:
      WITH_WORKLOAD - SLOW_CLUSTERS - DEAD_CLUSTERS - 1,
    [BENCH_MEMBERS.slow]: SLOW_CLUSTERS - 1,
    [BENCH_MEMBERS.dead]: DEAD_CLUSTERS - 1,
    [BENCH_MEMBERS.idle]: TOTAL_CLUSTERS - WITH_WORKLOAD - 1,
  });
}

async function prepareFleet(fleet: FleetDescription) {
  const members = Object.values(BENCH_MEMBERS);
  await phase('waiting for the simulator to join the members', () =>
    eventually(async () => {
      const joined = new Set(
        (await listKarmadaClusters(fleet)).map(c => c.metadata.name),
      );
      const missing = members.filter(m => !joined.has(m));
      if (missing.length) throw new Error(`not joined yet: ${missing}`);
    }, 180_000),
  );
  await phase('deploying the bench entity on its members', () =>
    Promise.all(
      [BENCH_MEMBERS.workloadHost, BENCH_MEMBERS.slow, BENCH_MEMBERS.dead].map(
        member => deployBenchWorkload(fleet, member),
      ),
    ),
  );
  await phase(
    `registering ${TOTAL_CLUSTERS - members.length} Karmada Clusters`,
    () => registerBenchClusters(fleet, benchLayout()),
  );
  await phase(`waiting until all ${TOTAL_CLUSTERS} Clusters are Ready`, () =>
    eventually(
      async () => {
        const ready = readiness(await listKarmadaClusters(fleet));
        const notReady = [...ready.values()].filter(s => s !== 'True').length;
        if (ready.size !== TOTAL_CLUSTERS || notReady > 0) {
          throw new Error(
            `${ready.size} Clusters, ${notReady} not Ready after the deadline`,
          );
        }
      },
      420_000,
      3000,
    ),
  );
  await setFault(fleet, BENCH_MEMBERS.slow, { latencyMs: slowMs });
  await setFault(fleet, BENCH_MEMBERS.dead, { down: true });
  await phase('waiting for Karmada to see the dead member NotReady', () =>
    eventually(
      async () => {
        const ready = readiness(await listKarmadaClusters(fleet));
        if (ready.get(BENCH_MEMBERS.dead) !== 'False')
          throw new Error(`${BENCH_MEMBERS.dead} is still Ready`);
      },
      120_000,
      2000,
    ),
  );
}

/** The Flotilla backend's configuration; `multiCluster` applied last. */
function flotillaConfig(multiCluster: Record<string, unknown> = {}) {
  return {
    discovery: {
      endpoints: [
        {
          target: `http://localhost:${backendPort}/api/{{pluginId}}`,
          plugins: MAIN_BACKEND_PLUGINS,
        },
      ],
    },
    multiCluster: {
      // The bench triggers each refresh it measures; none in between.
      refresh: { frequency: { minutes: 30 } },
      // Karmada is the fleet's only source here.
      clusterApi: [],
      addons: [],
      ...multiCluster,
    },
  };
}

/**
 * The demo backend's configuration: the catalog the bench needs, no fleet
 * source of its own (its multi-cluster plugin idles), and `multi-cluster`
 * found in the Flotilla backend.
 */
function mainConfig(entityFile: string) {
  const example = (file: string) => ({
    type: 'file',
    target: path.join(REPO_ROOT, 'examples', file),
  });
  return {
    catalog: {
      // The organisation (the signed-in platform team), the scenario's
      // services (the failover's storefront) and the bench entity only:
      // no catalog clusters beside Karmada's.
      locations: [
        example('org.yaml'),
        example('services/services.yaml'),
        { type: 'file', target: entityFile },
      ],
    },
    discovery: {
      endpoints: [
        {
          target: `http://localhost:${flotillaPort}/api/{{pluginId}}`,
          plugins: ['multi-cluster'],
        },
      ],
    },
    kubernetes: { clusterLocatorMethods: [] },
    multiCluster: {
      refresh: { frequency: { minutes: 30 } },
      karmada: [],
      clusterApi: [],
      addons: [],
      entityProvider: { enabled: false },
    },
  };
}

/**
 * The backend's own refresh durations: the one it runs as it starts (every
 * Cluster is there by then), then triggered ones, up to REFRESH_SAMPLES or
 * until they took REFRESH_BUDGET_MS together (a refresh far over its
 * target is measured once or twice, not for ten minutes). A refresh whose
 * Karmada source failed (its clusters kept from before, stale) measured
 * nothing: it is left out and counted.
 */
async function refreshFigures(backend: RunningBackend) {
  const samples: RefreshRecord[] = [];
  let sourceFailures = 0;
  const started = performance.now();
  let next = () => nextRefresh(backend, 0, 300_000);
  while (
    samples.length < REFRESH_SAMPLES &&
    performance.now() - started < REFRESH_BUDGET_MS
  ) {
    const refresh = await next();
    next = () => triggeredRefresh(backend, 300_000);
    if (refresh.stale > 0) {
      sourceFailures++;
    } else if (refresh.clusters < TOTAL_CLUSTERS) {
      throw new Error(
        `a refresh saw ${
          refresh.clusters
        } clusters, not ${TOTAL_CLUSTERS}: ${JSON.stringify(
          loggedRefreshes(backend),
        )}`,
      );
    } else {
      samples.push(refresh);
    }
  }
  if (samples.length === 0) {
    throw new Error(
      `no refresh read the Karmada source: ${JSON.stringify(
        loggedRefreshes(backend),
      )}`,
    );
  }
  // Each refresh's inspection pass follows its store; the last may still run.
  const passes = await inspections(
    backend,
    loggedRefreshes(backend).length,
    600_000,
  );
  return { samples, sourceFailures, passes };
}

/**
 * Each healthy member's own response time (median of MEMBER_SAMPLES, after
 * a first call). A call that fails (the Karmada proxy answering 503 under
 * load) is retried and counted, not measured.
 */
async function memberFigures(fleet: FleetDescription) {
  const healthy = [
    BENCH_MEMBERS.workloadHost,
    BENCH_MEMBERS.slow,
    BENCH_MEMBERS.idle,
  ];
  const medians = new Map<string, number>();
  let failures = 0;
  for (const member of healthy) {
    const samples: number[] = [];
    for (
      let call = 0;
      samples.length < MEMBER_SAMPLES && call < MEMBER_SAMPLES * 3;
      call++
    ) {
      try {
        const ms = await memberResponseMs(fleet, member, 30_000);
        if (call > 0) samples.push(ms);
      } catch {
        failures++;
      }
    }
    if (samples.length === 0)
      throw new Error(`${member} never answered through the Karmada proxy`);
    medians.set(member, median(samples));
  }
  return { medians, failures };
}

/**
 * What the placement answers found, against what the fleet holds: the
 * workload on the 199 reachable clusters that run it (the slow ones
 * included) and an error for the dead one only. Anything else (a healthy
 * cluster that timed out under load, say) is reported, not hidden.
 */
function placementFindingsOf(samples: PlacementSample[]): string {
  const expected = WITH_WORKLOAD - DEAD_CLUSTERS;
  const found = samples.map(s => new Set(s.clustersWithWorkload));
  const withoutSlow = found.filter(f => !f.has(BENCH_MEMBERS.slow)).length;
  const otherErrors = new Set(
    samples.flatMap(s =>
      s.errors
        .map(e => `${e.cluster}${e.timeout ? ' (timeout)' : ''}`)
        .filter(c => c !== BENCH_MEMBERS.dead),
    ),
  );
  const deadReported = samples.every(s =>
    s.errors.some(e => e.cluster === BENCH_MEMBERS.dead),
  );
  return [
    `workload found on ${found.map(f => f.size).join('/')} of ${expected}`,
    `clusters not read (census): ${samples.map(s => s.notRead).join('/')}`,
    withoutSlow ? `slow member missing in ${withoutSlow}` : '',
    deadReported
      ? 'dead member reported as an error'
      : 'dead member NOT reported',
    otherErrors.size
      ? `other errors: ${[...otherErrors].slice(0, 5).join(', ')}${
          otherErrors.size > 5 ? ` and ${otherErrors.size - 5} more` : ''
        }`
      : 'no other errors',
  ]
    .filter(Boolean)
    .join('; ');
}

function table(figures: {
  peakEmptyFleet?: number;
  peakMainBackend?: number;
  peakAfterPlacement?: number;
  peakUninspected?: number;
  passes: InspectionRecord[];
  rssAtStart?: number;
  uninspectedRefresh: RefreshRecord;
  refreshes: RefreshRecord[];
  sourceFailures: number;
  rssAfterRefresh?: number;
  rssAfterPlacement?: number;
  placements: PlacementSample[];
  members: Map<string, number>;
  memberFailures: number;
  failover?: FailoverFigures;
  failoverError?: string;
  fleetRss: Record<string, number | undefined>;
  placementFindings: string;
}): Row[] {
  const rows: Row[] = [];
  const refresh = figures.refreshes.map(r => r.durationMs);
  rows.push({
    measure: `inventory refresh, ${TOTAL_CLUSTERS} Karmada Clusters (median of ${refresh.length})`,
    value: seconds(median(refresh)),
    target: `< ${seconds(REFRESH_TARGET_MS)}`,
    ratio: median(refresh) / REFRESH_TARGET_MS,
    note: `each: ${refresh
      .map(seconds)
      .join(', ')} (first at start-up, then triggered); backend's own log${
      figures.sourceFailures
        ? `; ${figures.sourceFailures} more failed to list Karmada, left out`
        : ''
    }`,
  });
  const passes = figures.passes.map(p => p.durationMs);
  rows.push({
    measure: `connectivity inspection pass, ${
      figures.passes[0]?.clusters ?? 0
    } clusters through the Karmada proxy (median of ${passes.length})`,
    value: passes.length ? seconds(median(passes)) : 'not measured',
    note: `each: ${passes
      .map(seconds)
      .join(
        ', ',
      )}; runs after the refresh has stored the fleet (clusters show their last inspection meanwhile)`,
  });
  const uninspected = figures.uninspectedRefresh;
  rows.push({
    measure: `inventory refresh without connectivity inspection (connectivity.detect: false)`,
    value: seconds(uninspected.durationMs),
    target: `< ${seconds(REFRESH_TARGET_MS)}`,
    ratio: uninspected.durationMs / REFRESH_TARGET_MS,
    note: `start-up refresh of a second backend, ${uninspected.clusters} clusters: the Karmada list and ResourceBindings, merge and store only`,
  });
  const mb = (value?: number) =>
    value === undefined ? 'not measured' : megabytes(value);
  rows.push({
    measure: 'Flotilla backend peak RSS with an empty fleet (the baseline)',
    value: mb(figures.peakEmptyFleet),
    note: 'VmHWM of the same backend (packages/backend-multi-cluster, the built bundle, NODE_ENV=production) with no fleet source, after its first refresh',
  });
  rows.push({
    measure:
      'demo backend peak RSS beside it (catalog, auth, permissions, search, scaffolder, ...)',
    value: mb(figures.peakMainBackend),
    note: 'VmHWM of packages/backend (built bundle) over the whole bench; its multi-cluster plugin has no fleet source: multi-cluster is discovered in the Flotilla backend',
  });
  for (const [when, peak] of [
    [
      `${TOTAL_CLUSTERS} clusters (refreshes, inspection passes, placements)`,
      figures.peakAfterPlacement,
    ],
    [
      `${TOTAL_CLUSTERS} clusters without connectivity inspection (refresh)`,
      figures.peakUninspected,
    ],
  ] as const) {
    rows.push({
      measure: `Flotilla backend peak RSS, ${when}`,
      value: mb(peak),
      target: `< ${RSS_TARGET_MB} MB`,
      ratio: peak === undefined ? undefined : peak / RSS_TARGET_MB,
      note: `VmHWM of the whole backend process (a split deployment: Flotilla's plugin alone), run with ${
        flotillaNodeFlags.join(' ') || "Node's default heap sizing"
      }`,
    });
    if (peak !== undefined && figures.peakEmptyFleet !== undefined) {
      const share = peak - figures.peakEmptyFleet;
      rows.push({
        measure: `Flotilla's share of the peak, ${when}`,
        value: megabytes(share),
        target: `< ${RSS_TARGET_MB} MB`,
        ratio: share / RSS_TARGET_MB,
        note: 'the row above minus the empty-fleet peak',
      });
    }
  }
  rows.push({
    measure: 'backend RSS now: at start / after refresh / after placement',
    value: [
      figures.rssAtStart,
      figures.rssAfterRefresh,
      figures.rssAfterPlacement,
    ]
      .map(mb)
      .join(' / '),
    note: 'VmRSS, which moves with every garbage collection',
  });
  const slowest = [...figures.members.entries()].sort((a, b) => b[1] - a[1])[0];
  const bound = slowest[1] * PLACEMENT_TARGET_RATIO;
  const wall = figures.placements.map(p => p.wallMs);
  const server = figures.placements.map(p => p.serverMs);
  rows.push({
    measure: `slowest healthy member's own response (${slowest[0]}, +${slowMs} ms)`,
    value: seconds(slowest[1]),
    note: `median of ${MEMBER_SAMPLES}; others: ${[...figures.members.entries()]
      .filter(([m]) => m !== slowest[0])
      .map(([m, ms]) => `${m} ${seconds(ms)}`)
      .join(', ')}${
      figures.memberFailures
        ? `; ${figures.memberFailures} failed call(s) retried`
        : ''
    }`,
  });
  for (const [label, value] of [
    ['median', median(wall)],
    ['p95', percentile(wall, 95)],
  ] as const) {
    rows.push({
      measure: `entity placement over ${TOTAL_CLUSTERS} clusters (${WITH_WORKLOAD} run it, ${SLOW_CLUSTERS} slow, ${DEAD_CLUSTERS} dead), ${label}`,
      value: seconds(value),
      target: `≤ ${PLACEMENT_TARGET_RATIO}× slowest healthy = ${seconds(
        bound,
      )}`,
      ratio: value / bound,
      note:
        label === 'median'
          ? `n=${wall.length}; backend's own durationMs median ${seconds(
              median(server),
            )}; ${figures.placementFindings}`
          : `ratio to slowest healthy: ${(value / slowest[1]).toFixed(2)}×`,
    });
  }
  if (figures.failover) {
    const f = figures.failover;
    for (const step of f.steps) {
      rows.push({
        measure: `failover step ${step.kind}: ${step.title}`,
        value:
          step.durationMs === undefined
            ? step.status
            : seconds(step.durationMs),
        note: `${step.status}, ${step.attempts} attempt(s)`,
      });
    }
    rows.push({
      measure: `failover ${FAILOVER.entityRef} ${FAILOVER.from} → ${FAILOVER.to}, whole run`,
      value: f.durationMs === undefined ? f.status : seconds(f.durationMs),
      note: `${f.status}${
        f.error ? ` (${f.error.slice(0, 120)})` : ''
      }; POST to end seen by the caller ${seconds(f.wallMs)}`,
    });
  } else {
    rows.push({
      measure: 'failover',
      value: 'not measured',
      note: figures.failoverError,
    });
  }
  for (const [name, rss] of Object.entries(figures.fleetRss)) {
    rows.push({
      measure: `fleet process RSS: ${name}`,
      value: rss === undefined ? 'not running' : megabytes(rss),
      note:
        name === 'capi'
          ? 'not used by the bench: the simulator needs it in any fleet'
          : '',
    });
  }
  return rows;
}

/**
 * The demo backend's bundle: the one the test command already built
 * (FLOTILLA_BUNDLE_DIR), else built here.
 */
async function demoBackendBundle(dir: string): Promise<string> {
  const built = process.env.FLOTILLA_BUNDLE_DIR;
  if (built) return path.join(built, 'app');
  return buildBackendBundle(
    path.join(dir, 'bundle'),
    path.join(dir, 'bundle.log'),
  );
}

/** Starts a Flotilla backend (`port` defaults to the measured one's). */
type StartBackend = (
  name: string,
  config: Record<string, unknown>,
  port?: number,
) => Promise<RunningBackend>;

/**
 * The Flotilla backend again, to compare: without connectivity inspection
 * (what a refresh costs without its requests through the Karmada proxy to
 * every Cluster: the inspection's share of the figures), and without any
 * fleet source (the baseline). Measured one after the other; a smoke run
 * (no figures) starts both at once, on two ports.
 */
async function comparisonBackends(start: StartBackend) {
  const uninspected = async (port?: number) => {
    const started = await phase(
      'starting a backend without connectivity inspection',
      () =>
        start(
          'fleet-scale-no-inspection',
          flotillaConfig({ connectivity: { detect: false } }),
          port,
        ),
    );
    const refresh = await phase('its start-up refresh', () =>
      nextRefresh(started, 0, 300_000),
    );
    const peak = peakRssMb(started.pid);
    await started.stop();
    return { refresh, peak };
  };
  const empty = async (port?: number) => {
    const started = await phase('starting a backend with an empty fleet', () =>
      start(
        'fleet-scale-empty',
        {
          ...flotillaConfig({ karmada: [] }),
          kubernetes: { clusterLocatorMethods: [] },
        },
        port,
      ),
    );
    await phase('its start-up refresh', () => nextRefresh(started, 0, 300_000));
    const peak = peakRssMb(started.pid);
    await started.stop();
    return peak;
  };
  if (isSmokeRun()) {
    const [without, peakEmptyFleet] = await Promise.all([
      uninspected(),
      empty(flotillaPort + 1),
    ]);
    return {
      uninspectedRefresh: without.refresh,
      peakUninspected: without.peak,
      peakEmptyFleet,
    };
  }
  const without = await uninspected();
  return {
    uninspectedRefresh: without.refresh,
    peakUninspected: without.peak,
    peakEmptyFleet: await empty(),
  };
}

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-fleet-scale-'));
  const fleetOptions: BenchFleetOptions = {
    dir: path.join(dir, 'fleet'),
    portBase,
    logFile: path.join(dir, 'fleet.log'),
  };
  process.env.FLOTILLA_TEST_LOG_DIR = dir;
  const databasePrefixes: string[] = [];
  let backend: RunningBackend | undefined;
  let mainBackend: RunningBackend | undefined;
  let measuredEverything = false;
  progress(`working folder ${dir}`);
  try {
    // The backends measured are the ones that ship: the built bundles
    // (one after the other: both builds write the plugins' dist folders).
    const [fleet, [mainBundle, flotillaBundle]] = await phase(
      'starting the fleet (fleet.sh up) and building the backend bundles',
      () =>
        Promise.all([
          startBenchFleet(fleetOptions),
          (async () => [
            await demoBackendBundle(dir),
            await buildBackendBundle(
              path.join(dir, 'bundle-multi-cluster'),
              path.join(dir, 'bundle-multi-cluster.log'),
              'backend-multi-cluster',
            ),
          ])(),
        ]),
    );
    const entityFile = writeBenchEntity(dir);
    const newDatabasePrefix = (name: string) => {
      const prefix = uniqueDatabasePrefix(name.replace(/-/g, '_'));
      databasePrefixes.push(prefix);
      return prefix;
    };
    // The demo backend reads no fleet source: it starts while the fleet is
    // prepared (mostly waiting on the simulator), not after.
    const [demo, prepared] = await Promise.allSettled([
      phase('starting the demo backend', () =>
        RunningBackend.start(fleet, {
          name: 'fleet-scale-main',
          port: backendPort,
          databasePrefix: newDatabasePrefix('fleet-scale-main'),
          config: mainConfig(entityFile),
          // A member of team-checkout: storefront's owners may fail it over;
          // everyone may read clusters and placement (the demo's policy).
          guestUser: 'user:default/guest',
          bundleDir: mainBundle,
        }),
      ),
      prepareFleet(fleet),
    ]);
    if (demo.status === 'fulfilled') mainBackend = demo.value;
    if (demo.status === 'rejected') throw demo.reason;
    if (prepared.status === 'rejected') throw prepared.reason;
    const signInThrough = demo.value;
    const startBackend = (
      name: string,
      config: Record<string, unknown>,
      port = flotillaPort,
    ) =>
      RunningBackend.start(fleet, {
        name,
        port,
        databasePrefix: newDatabasePrefix(name),
        config,
        backendPackage: 'backend-multi-cluster',
        bundleDir: flotillaBundle,
        signInThrough,
        nodeFlags: flotillaNodeFlags,
      });
    backend = await phase('starting the Flotilla backend', () =>
      startBackend('fleet-scale', flotillaConfig()),
    );
    const rssAtStart = rssMb(backend.pid);
    const running = backend;
    const {
      samples: refreshes,
      sourceFailures,
      passes,
    } = await phase('inventory refreshes', () => refreshFigures(running));
    const rssAfterRefresh = rssMb(running.pid);
    await phase('waiting for the bench entity in the catalog', () =>
      eventually(
        () =>
          signInThrough.ok(
            'GET',
            `/api/catalog/entities/by-name/component/default/${BENCH_ENTITY.name}`,
          ),
        180_000,
        1000,
      ),
    );
    const { medians: members, failures: memberFailures } = await phase(
      'members’ own response times',
      () => memberFigures(fleet),
    );
    const placements = await phase('entity placement', async () => {
      // No warm-up call: one takes seconds to minutes over a thousand
      // clusters, which JIT and first connections do not change.
      const samples: PlacementSample[] = [];
      const started = performance.now();
      while (
        samples.length < PLACEMENT_SAMPLES &&
        (samples.length < 2 ||
          performance.now() - started < PLACEMENT_BUDGET_MS)
      ) {
        samples.push(await placementSample(running));
      }
      return samples;
    });
    const placementFindings = placementFindingsOf(placements);
    const rssAfterPlacement = rssMb(running.pid);
    const peakAfterPlacement = peakRssMb(running.pid);
    let failover: FailoverFigures | undefined;
    let failoverError: string | undefined;
    try {
      failover = await phase('failover', () =>
        runFailover(running, FAILOVER, 300_000),
      );
    } catch (error) {
      failoverError = (error as Error).message;
    }
    const fleetRss = fleetProcessRss(fleet);
    await running.stop();
    const { uninspectedRefresh, peakUninspected, peakEmptyFleet } =
      await comparisonBackends((name, config, port) =>
        startBackend(name, config, port).then(started => {
          backend = started;
          return started;
        }),
      );
    // The demo backend beside it all along (catalog, auth, permissions,
    // search, scaffolder, ...), for scale: its multi-cluster plugin idle.
    const peakMainBackend = peakRssMb(signInThrough.pid);
    const rows = table({
      peakEmptyFleet,
      peakMainBackend,
      peakAfterPlacement,
      peakUninspected,
      passes,
      rssAtStart,
      uninspectedRefresh,
      refreshes,
      sourceFailures,
      rssAfterRefresh,
      rssAfterPlacement,
      placements,
      members,
      memberFailures,
      failover,
      failoverError,
      fleetRss,
      placementFindings,
    });
    console.log(
      `\nFleet scale: ${TOTAL_CLUSTERS} Karmada Clusters on ${
        Object.keys(BENCH_MEMBERS).length
      } member API servers; Flotilla's backend and the demo backend (built bundles, split by discovery) on PostgreSQL (${
        os.cpus().length
      } CPUs, load ${os
        .loadavg()
        .map(l => l.toFixed(1))
        .join(' ')})\n`,
    );
    console.log(formatTable(rows));
    const misses = missed(rows);
    console.log(
      `\n${
        misses.length === 0
          ? 'All targets met'
          : `${misses.length} target(s) missed`
      }; ${seconds(performance.now() - benchStarted)} in all.`,
    );
    measuredEverything =
      !failoverError &&
      failover?.status === 'succeeded' &&
      rssAfterRefresh !== undefined &&
      rssAfterPlacement !== undefined &&
      peakUninspected !== undefined &&
      peakEmptyFleet !== undefined;
    if (!measuredEverything) {
      console.log(
        `Not everything was measured: ${
          failoverError ??
          (failover
            ? `the failover ended ${failover.status}`
            : 'the backend process was gone')
        }`,
      );
    }
  } catch (error) {
    console.error(`fleet-scale bench failed: ${(error as Error).stack}`);
    if (backend) console.error(`backend log tail:\n${backend.tail(30)}`);
  } finally {
    await Promise.all([
      backend?.stop().catch(() => undefined),
      mainBackend?.stop().catch(() => undefined),
    ]);
    // Nothing uses the fleet any more: it stops while the databases drop.
    await Promise.all([
      (async () => {
        for (const prefix of databasePrefixes) {
          await dropDatabases(prefix).catch(error =>
            progress(`could not drop ${prefix}*: ${error.message}`),
          );
        }
      })(),
      phase('stopping the fleet (fleet.sh down)', () =>
        stopBenchFleet(fleetOptions),
      ).catch(error => progress(error.message)),
    ]);
    if (measuredEverything && !process.env.FLOTILLA_BENCH_KEEP) {
      fs.rmSync(dir, { recursive: true, force: true });
    } else {
      progress(`logs kept in ${dir}`);
    }
  }
  return measuredEverything ? 0 : 1;
}

runBench('fleet scale', async () =>
  requireMeasured((await main()) === 0, 'see the lines above'),
);
