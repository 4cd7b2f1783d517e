/**
 * The bench's two backends, split the way Backstage splits a backend: the
 * demo backend (packages/backend) and Flotilla's plugin in a backend of its
 * own (packages/backend-multi-cluster), each reaching the other's plugins
 * through `discovery.endpoints`. Their bundles, configuration and ports, and
 * the Flotilla backends started again to compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isSmokeRun } from '@flotilla/bench-kit';
import { FleetDescription } from '@flotilla/fleet-simulator';
import { REPO_ROOT, RunningBackend } from '../src/harness/backend';
import { nextRefresh, RefreshRecord } from '../src/harness/backendLog';
import { buildBackendBundle, peakRssMb } from './benchFleet';
import { phase } from './benchProgress';

/** The demo backend's port; the Flotilla backend listens on the next one. */
const backendPort = Number(process.env.FLOTILLA_BENCH_BACKEND_PORT ?? 7127);
export const flotillaPort = backendPort + 1;
export const flotillaNodeFlags = nodeFlags(
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

/** The Flotilla backend's configuration; `multiCluster` applied last. */
export function flotillaConfig(multiCluster: Record<string, unknown> = {}) {
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
      // The bench triggers each refresh it measures; none in between, on
      // schedule or for a change in the catalog.
      refresh: { frequency: { minutes: 30 } },
      catalog: { watchFrequency: { minutes: 30 } },
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
 * The demo backend's bundle: the one the test command already built
 * (FLOTILLA_BUNDLE_DIR), else built here.
 */
export async function demoBackendBundle(dir: string): Promise<string> {
  const built = process.env.FLOTILLA_BUNDLE_DIR;
  if (built) return path.join(built, 'app');
  return buildBackendBundle(
    path.join(dir, 'bundle'),
    path.join(dir, 'bundle.log'),
  );
}

/** The Flotilla backend's bundle, built here. */
export function flotillaBackendBundle(dir: string): Promise<string> {
  return buildBackendBundle(
    path.join(dir, 'bundle-multi-cluster'),
    path.join(dir, 'bundle-multi-cluster.log'),
    'backend-multi-cluster',
  );
}

export function startDemoBackend(
  fleet: FleetDescription,
  options: { databasePrefix: string; entityFile: string; bundleDir: string },
): Promise<RunningBackend> {
  return RunningBackend.start(fleet, {
    name: 'fleet-scale-main',
    port: backendPort,
    databasePrefix: options.databasePrefix,
    config: mainConfig(options.entityFile),
    // A member of team-checkout: storefront's owners may fail it over;
    // everyone may read clusters and placement (the demo's policy).
    guestUser: 'user:default/guest',
    bundleDir: options.bundleDir,
  });
}

export function startFlotillaBackend(
  fleet: FleetDescription,
  options: {
    name: string;
    port: number;
    databasePrefix: string;
    config: Record<string, unknown>;
    bundleDir: string;
    signInThrough: RunningBackend;
  },
): Promise<RunningBackend> {
  return RunningBackend.start(fleet, {
    name: options.name,
    port: options.port,
    databasePrefix: options.databasePrefix,
    config: options.config,
    backendPackage: 'backend-multi-cluster',
    bundleDir: options.bundleDir,
    signInThrough: options.signInThrough,
    nodeFlags: flotillaNodeFlags,
  });
}

/** Starts a Flotilla backend (`port` defaults to the measured one's). */
export type StartBackend = (
  name: string,
  config: Record<string, unknown>,
  port?: number,
) => Promise<RunningBackend>;

/** What the Flotilla backend showed without inspection and with no fleet. */
export interface ComparisonFigures {
  uninspectedRefresh: RefreshRecord;
  peakUninspected?: number;
  peakEmptyFleet?: number;
}

/**
 * The Flotilla backend again, to compare: without connectivity inspection
 * (what a refresh costs without its requests through the Karmada proxy to
 * every Cluster: the inspection's share of the figures), and without any
 * fleet source (the baseline). Measured one after the other; a smoke run
 * (no figures) starts both at once, on two ports.
 */
export async function comparisonBackends(
  start: StartBackend,
): Promise<ComparisonFigures> {
  if (isSmokeRun()) {
    const [without, peakEmptyFleet] = await Promise.all([
      uninspectedBackend(start),
      emptyFleetBackend(start, flotillaPort + 1),
    ]);
    return {
      uninspectedRefresh: without.refresh,
      peakUninspected: without.peak,
      peakEmptyFleet,
    };
  }
  const without = await uninspectedBackend(start);
  return {
    uninspectedRefresh: without.refresh,
    peakUninspected: without.peak,
    peakEmptyFleet: await emptyFleetBackend(start),
  };
}

/** Its start-up refresh and peak RSS without connectivity inspection. */
async function uninspectedBackend(start: StartBackend, port?: number) {
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
}

/** Its peak RSS after its start-up refresh, with no fleet source. */
async function emptyFleetBackend(start: StartBackend, port?: number) {
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
}
