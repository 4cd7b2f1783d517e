/**
 * The bench's own fleet: a subset of the local fleet started with
 * `scripts/fleet.sh up` in a temporary folder on its own ports, stopped with
 * `fleet.sh down`, plus what the bench reads from it (process memory) and
 * does to it (faults through the simulator's control API).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FleetDescription, readFleet } from '@flotilla/fleet-simulator';
import { REPO_ROOT } from '../src/harness/backend';

/**
 * The members the bench needs, each with one part to play (see
 * fleetScale.bench.ts). The simulator needs the Cluster API management
 * cluster in any fleet it runs: it seeds Cluster API, Argo CD and Rancher
 * Fleet unconditionally.
 */
export const BENCH_MEMBERS = {
  /** Runs the bench entity; most Clusters with the workload map to it. */
  workloadHost: 'prod-eu-west-aws-1',
  /** Runs the bench entity behind added latency. */
  slow: 'prod-eu-west-gcp-1',
  /** Runs the bench entity, partitioned away. */
  dead: 'prod-eu-west-azure-1',
  /** Runs no bench workload: the Clusters that only make the fleet big. */
  idle: 'prod-us-east-aws-1',
} as const;

export const BENCH_FLEET_CLUSTERS = [
  'karmada',
  'capi',
  ...Object.values(BENCH_MEMBERS),
];

export interface BenchFleetOptions {
  dir: string;
  portBase: number;
  /** Where fleet.sh's own output goes. */
  logFile: string;
}

/** Runs a script of the repository, its output appended to `logFile`. */
function runScript(
  args: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<void> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn('bash', args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', code =>
      code === 0
        ? resolve()
        : reject(
            new Error(`${args.join(' ')} exited with ${code}; see ${logFile}`),
          ),
    );
  });
}

function fleetScript(
  command: 'up' | 'down' | 'status',
  options: BenchFleetOptions,
): Promise<void> {
  return runScript(
    ['scripts/fleet.sh', command],
    {
      FLOTILLA_FLEET_DIR: options.dir,
      FLOTILLA_FLEET_PORT_BASE: String(options.portBase),
      FLOTILLA_FLEET_ONLY: BENCH_FLEET_CLUSTERS.join(','),
    },
    options.logFile,
  );
}

/**
 * The backend as it ships (`scripts/backend-bundle.sh`): built and unpacked
 * into `dir`; returns the folder to run it from.
 */
export async function buildBackendBundle(
  dir: string,
  logFile: string,
  backendPackage: 'backend' | 'backend-multi-cluster' = 'backend',
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  await runScript(
    ['scripts/backend-bundle.sh', dir, backendPackage],
    {},
    logFile,
  );
  return path.join(dir, 'app');
}

/**
 * `fleet.sh up`, once more if it fails: on a loaded machine installing the
 * Cluster API CRDs can outlast the bring-up's request timeout (src/fleetUp), and `up`
 * carries on from where it stopped.
 */
export async function startBenchFleet(
  options: BenchFleetOptions,
): Promise<FleetDescription> {
  try {
    await fleetScript('up', options);
  } catch {
    await fleetScript('up', options);
  }
  return readFleet(options.dir);
}

export async function stopBenchFleet(
  options: BenchFleetOptions,
): Promise<void> {
  await fleetScript('down', options);
}

function statusMb(
  pid: number | undefined,
  field: 'VmRSS' | 'VmHWM',
): number | undefined {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status);
    return kb ? Number(kb[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** VmRSS of a process in MB (what it holds now), or undefined when it is gone. */
export function rssMb(pid: number | undefined): number | undefined {
  return statusMb(pid, 'VmRSS');
}

/**
 * VmHWM of a process in MB: the most it has held since it started. Steadier
 * than VmRSS, which moves with every garbage collection.
 */
export function peakRssMb(pid: number | undefined): number | undefined {
  return statusMb(pid, 'VmHWM');
}

function pidFrom(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** RSS (MB) of each fleet process: the API servers, etcd and the simulator. */
export function fleetProcessRss(
  fleet: FleetDescription,
): Record<string, number | undefined> {
  const out: Record<string, number | undefined> = {};
  for (const cluster of fleet.clusters) {
    out[cluster.name] = rssMb(pidFrom(cluster.pidFile));
  }
  for (const name of ['etcd', 'simulator']) {
    out[name] = rssMb(pidFrom(path.join(fleet.dir, 'pids', `${name}.pid`)));
  }
  return out;
}

/** The simulator's fault control API (packages/fleet-simulator/src/faults/README.md). */
export async function setFault(
  fleet: FleetDescription,
  cluster: string,
  fault: { latencyMs?: number | null; down?: boolean | null },
): Promise<void> {
  const res = await fetch(
    `http://127.0.0.1:${fleet.simulator.port}/faults/${cluster}`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    },
  );
  if (!res.ok) {
    throw new Error(
      `fault ${JSON.stringify(fault)} on ${cluster}: ${
        res.status
      } ${await res.text()}`,
    );
  }
}
