import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { FleetClusterDescription } from '../fleet';
import { getFaults, setFaults } from './state';

/** What an outage needs of a cluster: how it runs and how to ask it if it is ready. */
export type OutageTarget = Pick<
  FleetClusterDescription,
  'name' | 'url' | 'pkiDir' | 'tokens' | 'pidFile' | 'command'
>;

export interface OutageOptions {
  log?: (message: string) => void;
  /** How long a stopped server may take to exit before SIGKILL. */
  stopDeadlineMs?: number;
  /** How long a restarted server may take to answer /readyz. */
  readyDeadlineMs?: number;
}

export interface ApiServerState {
  cluster: string;
  running: boolean;
  pid?: number;
}

const POLL_MS = 200;
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * Stops and restarts members' kube-apiservers (a region outage), one
 * operation at a time per member, and records the outage in the registry.
 */
export class OutageController {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly log: (message: string) => void;

  constructor(private readonly options: OutageOptions = {}) {
    this.log = options.log ?? (() => {});
  }

  /** Stops the member's API server and waits until its process has exited. */
  outage(cluster: OutageTarget): Promise<ApiServerState> {
    return this.serialized(cluster.name, async () => {
      setFaults(cluster.name, { outage: true });
      const pid = runningPid(cluster);
      if (pid === undefined) {
        this.log(`outage ${cluster.name}: API server already stopped`);
        return { cluster: cluster.name, running: false };
      }
      this.log(`outage ${cluster.name}: stopping kube-apiserver (pid ${pid})`);
      await stopProcess(pid, this.options.stopDeadlineMs ?? 30_000);
      fs.rmSync(cluster.pidFile, { force: true });
      this.log(`outage ${cluster.name}: kube-apiserver stopped`);
      return { cluster: cluster.name, running: false };
    });
  }

  /** Starts the member's API server again and waits until /readyz answers. */
  restore(cluster: OutageTarget): Promise<ApiServerState> {
    return this.serialized(cluster.name, async () => {
      let pid = runningPid(cluster);
      if (pid === undefined) {
        pid = startProcess(cluster);
        this.log(
          `restore ${cluster.name}: started kube-apiserver (pid ${pid})`,
        );
      }
      await waitReady(cluster, pid, this.options.readyDeadlineMs ?? 120_000);
      setFaults(cluster.name, { outage: false });
      this.log(`restore ${cluster.name}: /readyz answers`);
      return { cluster: cluster.name, running: true, pid };
    });
  }

  state(cluster: OutageTarget): ApiServerState {
    const pid = runningPid(cluster);
    return pid === undefined
      ? { cluster: cluster.name, running: false }
      : { cluster: cluster.name, running: true, pid };
  }

  /** Waits for every operation under way (used when the simulator stops). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }

  private serialized<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(name) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.queues.set(name, next);
    next
      .catch(() => undefined)
      .then(() => {
        if (this.queues.get(name) === next) this.queues.delete(name);
      });
    return next;
  }
}

/** Whether the member's API server is stopped by an outage, as recorded. */
export function isInOutage(cluster: string): boolean {
  return getFaults(cluster).outage;
}

/**
 * The pid in the member's pid file if that process is alive and is the
 * member's API server (a stale pid file may name a reused pid: never signal it).
 */
export function runningPid(cluster: OutageTarget): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(cluster.pidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const argv = commandLineOf(pid);
  if (argv && argv[0] !== cluster.command.binary) return undefined;
  return pid;
}

/** argv of a process from /proc (Linux); undefined where /proc is absent. */
function commandLineOf(pid: number): string[] | undefined {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').slice(0, -1);
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie (an exited child its parent has not reaped yet). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

async function stopProcess(pid: number, deadlineMs: number): Promise<void> {
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + deadlineMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await sleep(POLL_MS);
  }
  while (isAlive(pid)) await sleep(POLL_MS);
}

function startProcess(cluster: OutageTarget): number {
  const { binary, args, log } = cluster.command;
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, 'a');
  fs.writeSync(
    out,
    `\n--- restarted by the fleet simulator at ${new Date().toISOString()} ---\n`,
  );
  // Detached, like fleet.sh starts it: it outlives the simulator, and
  // `fleet.sh down` stops it by the pid written here.
  const child = spawn(binary, args, {
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  // A binary that cannot be spawned reports it as an event too: not a crash.
  child.on('error', () => {});
  if (child.pid === undefined) {
    throw new Error(`could not start ${binary} for ${cluster.name}`);
  }
  child.unref();
  fs.mkdirSync(path.dirname(cluster.pidFile), { recursive: true });
  fs.writeFileSync(cluster.pidFile, String(child.pid));
  return child.pid;
}

async function waitReady(
  cluster: OutageTarget,
  pid: number,
  deadlineMs: number,
) {
  const ca = fs.readFileSync(path.join(cluster.pkiDir, 'ca.crt'));
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if ((await readyzStatus(cluster, ca)) === 200) return;
    if (!isAlive(pid)) {
      throw new Error(
        `${cluster.name}: kube-apiserver (pid ${pid}) exited while starting; see ${cluster.command.log}`,
      );
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${cluster.name}: /readyz did not answer within ${
          deadlineMs / 1000
        }s; see ${cluster.command.log}`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** The status /readyz answers with the admin token, or undefined when unreachable. */
export function readyzStatus(
  cluster: OutageTarget,
  ca: Buffer,
  url = cluster.url,
): Promise<number | undefined> {
  return new Promise(resolve => {
    const target = new URL('/readyz', url);
    const req = https.get(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        ca,
        agent: false,
        timeout: 5_000,
        headers: { authorization: `Bearer ${cluster.tokens.admin}` },
      },
      res => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}
