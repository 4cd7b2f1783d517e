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
import { requireMeasured, runBench } from '@flotilla/bench-kit';
import { FleetDescription } from '@flotilla/fleet-simulator';
import { eventually } from '@flotilla/test-kit';
import {
  dropDatabases,
  RunningBackend,
  uniqueDatabasePrefix,
} from '../src/harness/backend';
import {
  comparisonBackends,
  demoBackendBundle,
  flotillaBackendBundle,
  flotillaConfig,
  flotillaPort,
  StartBackend,
  startDemoBackend,
  startFlotillaBackend,
} from './benchBackends';
import { BENCH_ENTITY, writeBenchEntity } from './benchClusters';
import {
  failoverFigures,
  FleetScaleFigures,
  MeasuredFigures,
  memberFigures,
  placementFigures,
  placementFindingsOf,
  refreshFigures,
} from './benchFigures';
import {
  BenchFleetOptions,
  fleetProcessRss,
  peakRssMb,
  rssMb,
  startBenchFleet,
  stopBenchFleet,
} from './benchFleet';
import { prepareFleet } from './benchPreparation';
import { phase, progress } from './benchProgress';
import { printReport } from './benchTable';

const portBase = Number(process.env.FLOTILLA_FLEET_PORT_BASE ?? 29440);

/** What a run has started so far: what its clean-up stops and removes. */
interface BenchRun {
  dir: string;
  fleetOptions: BenchFleetOptions;
  databasePrefixes: string[];
  /** The Flotilla backend started last: its log tail explains a failure. */
  backend?: RunningBackend;
  mainBackend?: RunningBackend;
}

function newBenchRun(): BenchRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-fleet-scale-'));
  const fleetOptions: BenchFleetOptions = {
    dir: path.join(dir, 'fleet'),
    portBase,
    logFile: path.join(dir, 'fleet.log'),
  };
  process.env.FLOTILLA_TEST_LOG_DIR = dir;
  progress(`working folder ${dir}`);
  return { dir, fleetOptions, databasePrefixes: [] };
}

/** A database prefix of its own for backend `name`, dropped at the end. */
function newDatabasePrefix(run: BenchRun, name: string): string {
  const prefix = uniqueDatabasePrefix(name.replace(/-/g, '_'));
  run.databasePrefixes.push(prefix);
  return prefix;
}

async function startFleetAndBuildBundles(run: BenchRun) {
  // The backends measured are the ones that ship: the built bundles
  // (one after the other: both builds write the plugins' dist folders).
  const [fleet, [mainBundle, flotillaBundle]] = await phase(
    'starting the fleet (fleet.sh up) and building the backend bundles',
    () =>
      Promise.all([
        startBenchFleet(run.fleetOptions),
        (async () => [
          await demoBackendBundle(run.dir),
          await flotillaBackendBundle(run.dir),
        ])(),
      ]),
  );
  return { fleet, mainBundle, flotillaBundle };
}

/** Starts the demo backend and prepares the fleet; returns the demo backend. */
async function startDemoBackendWhilePreparingFleet(
  run: BenchRun,
  fleet: FleetDescription,
  mainBundle: string,
): Promise<RunningBackend> {
  const entityFile = writeBenchEntity(run.dir);
  // The demo backend reads no fleet source: it starts while the fleet is
  // prepared (mostly waiting on the simulator), not after.
  const [demo, prepared] = await Promise.allSettled([
    phase('starting the demo backend', () =>
      startDemoBackend(fleet, {
        databasePrefix: newDatabasePrefix(run, 'fleet-scale-main'),
        entityFile,
        bundleDir: mainBundle,
      }),
    ),
    prepareFleet(fleet),
  ]);
  if (demo.status === 'fulfilled') run.mainBackend = demo.value;
  if (demo.status === 'rejected') throw demo.reason;
  if (prepared.status === 'rejected') throw prepared.reason;
  return demo.value;
}

/** Starts Flotilla backends signing in through the demo backend. */
function flotillaBackendStarter(
  run: BenchRun,
  fleet: FleetDescription,
  bundleDir: string,
  signInThrough: RunningBackend,
): StartBackend {
  return async (name, config, port = flotillaPort) => {
    const started = await startFlotillaBackend(fleet, {
      name,
      port,
      databasePrefix: newDatabasePrefix(run, name),
      config,
      bundleDir,
      signInThrough,
    });
    // The last one started is the one a failure shows and the clean-up stops.
    run.backend = started;
    return started;
  };
}

/** Resolves once the demo backend's catalog has the bench entity. */
function benchEntityInCatalog(demo: RunningBackend) {
  return eventually(
    () =>
      demo.ok(
        'GET',
        `/api/catalog/entities/by-name/component/default/${BENCH_ENTITY.name}`,
      ),
    180_000,
    1000,
  );
}

/** The measured Flotilla backend's figures, from its start to its stop. */
async function measureFlotillaBackend(
  fleet: FleetDescription,
  start: StartBackend,
  signInThrough: RunningBackend,
): Promise<MeasuredFigures> {
  const running = await phase('starting the Flotilla backend', () =>
    start('fleet-scale', flotillaConfig()),
  );
  const rssAtStart = rssMb(running.pid);
  const {
    samples: refreshes,
    sourceFailures,
    passes,
  } = await phase('inventory refreshes', () => refreshFigures(running));
  const rssAfterRefresh = rssMb(running.pid);
  await phase('waiting for the bench entity in the catalog', () =>
    benchEntityInCatalog(signInThrough),
  );
  const { medians: members, failures: memberFailures } = await phase(
    'members’ own response times',
    () => memberFigures(fleet),
  );
  const placements = await phase('entity placement', () =>
    placementFigures(running),
  );
  const placementFindings = placementFindingsOf(placements);
  const rssAfterPlacement = rssMb(running.pid);
  const peakAfterPlacement = peakRssMb(running.pid);
  const { failover, failoverError } = await failoverFigures(running);
  const fleetRss = fleetProcessRss(fleet);
  await running.stop();
  return {
    rssAtStart,
    refreshes,
    sourceFailures,
    passes,
    rssAfterRefresh,
    members,
    memberFailures,
    placements,
    placementFindings,
    rssAfterPlacement,
    peakAfterPlacement,
    failover,
    failoverError,
    fleetRss,
  };
}

/** Every phase that measures, in order; the figures for the table. */
async function measure(run: BenchRun): Promise<FleetScaleFigures> {
  const { fleet, mainBundle, flotillaBundle } = await startFleetAndBuildBundles(
    run,
  );
  const signInThrough = await startDemoBackendWhilePreparingFleet(
    run,
    fleet,
    mainBundle,
  );
  const start = flotillaBackendStarter(
    run,
    fleet,
    flotillaBundle,
    signInThrough,
  );
  const measured = await measureFlotillaBackend(fleet, start, signInThrough);
  const comparison = await comparisonBackends(start);
  // The demo backend beside it all along (catalog, auth, permissions,
  // search, scaffolder, ...), for scale: its multi-cluster plugin idle.
  const peakMainBackend = peakRssMb(signInThrough.pid);
  return { ...measured, ...comparison, peakMainBackend };
}

/** Whether every figure was measured; says what was not when one was not. */
function reportMeasuredEverything(figures: FleetScaleFigures): boolean {
  const { failover, failoverError } = figures;
  const measuredEverything =
    !failoverError &&
    failover?.status === 'succeeded' &&
    figures.rssAfterRefresh !== undefined &&
    figures.rssAfterPlacement !== undefined &&
    figures.peakUninspected !== undefined &&
    figures.peakEmptyFleet !== undefined;
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
  return measuredEverything;
}

/** Stops what the run started; keeps its folder unless all was measured. */
async function cleanUp(run: BenchRun, measuredEverything: boolean) {
  await Promise.all([
    run.backend?.stop().catch(() => undefined),
    run.mainBackend?.stop().catch(() => undefined),
  ]);
  // Nothing uses the fleet any more: it stops while the databases drop.
  await Promise.all([
    (async () => {
      for (const prefix of run.databasePrefixes) {
        await dropDatabases(prefix).catch(error =>
          progress(`could not drop ${prefix}*: ${error.message}`),
        );
      }
    })(),
    phase('stopping the fleet (fleet.sh down)', () =>
      stopBenchFleet(run.fleetOptions),
    ).catch(error => progress(error.message)),
  ]);
  if (measuredEverything && !process.env.FLOTILLA_BENCH_KEEP) {
    fs.rmSync(run.dir, { recursive: true, force: true });
  } else {
    progress(`logs kept in ${run.dir}`);
  }
}

async function main(): Promise<number> {
  const run = newBenchRun();
  let measuredEverything = false;
  try {
    const figures = await measure(run);
    printReport(figures);
    measuredEverything = reportMeasuredEverything(figures);
  } catch (error) {
    console.error(`fleet-scale bench failed: ${(error as Error).stack}`);
    if (run.backend) {
      console.error(`backend log tail:\n${run.backend.tail(30)}`);
    }
  } finally {
    await cleanUp(run, measuredEverything);
  }
  return measuredEverything ? 0 : 1;
}

runBench('fleet scale', async () =>
  requireMeasured((await main()) === 0, 'see the lines above'),
);
