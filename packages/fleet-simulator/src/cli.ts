/* eslint-disable no-console */
// The fault CLI: talks to the running simulator's fault API (see
// src/faults/controlServer.ts) on the port fleet.json names.
//   node --require @backstage/cli/config/nodeTransform.cjs src/cli.ts <command>
import fs from 'node:fs';
import path from 'node:path';
import type { MemberFaultReport } from './faults/controlServer';
import type { FleetDescription } from './fleet';

export const USAGE = `usage: fault <command>
  faults                                  every member's faults, API server and proxy counts
  latency <cluster> <ms>                  delay each request by <ms> (0..60000; 0 removes it)
  fail <cluster> <401|409|500|503> [--methods PATCH,PUT] [--path /apis/apps]
                                          answer matching requests with that code
  fail <cluster> off                      stop failing requests
  partition <cluster>                     reset its connections, as if unreachable
  heal <cluster>                          end the partition
  outage <cluster>                        stop its kube-apiserver (waits until it exited)
  restore <cluster>                       restart it (waits until /readyz answers)
  probe <cluster> <500|503|off>           its services' health endpoints answer that code
  not-ready <cluster>                     make Karmada report its Cluster NotReady
  ready <cluster>                         stop forcing NotReady
  clear [cluster]                         clear the faults of one member, or of all
exit codes: 0 done, 1 refused by the fault API or simulator not running, 2 usage error`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The fault API's port; read from fleet.json when absent. */
  port?: number;
}

class UsageError extends Error {}

/**
 * The fault API's port from fleet.json, read here rather than with
 * `readFleet()`: that module loads @kubernetes/client-node, which would make
 * every CLI call take seconds. Same folder as `fleetDir()` in ./fleet.
 */
function faultApiPort(): number {
  const dir = path.resolve(
    process.env.FLOTILLA_FLEET_DIR ??
      // Run from source by scripts/fleet.sh, never bundled: the repository's .fleet.
      // eslint-disable-next-line no-restricted-syntax
      path.join(__dirname, '..', '..', '..', '.fleet'),
  );
  const file = path.join(dir, 'fleet.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing; run: bash scripts/fleet.sh up`);
  }
  const fleet = JSON.parse(fs.readFileSync(file, 'utf8')) as FleetDescription;
  return fleet.simulator.port;
}

interface ApiCall {
  method: 'GET' | 'PUT' | 'DELETE' | 'POST';
  path: string;
  body?: unknown;
}

function parse(args: string[]): ApiCall {
  const [command, ...rest] = args;
  const positional = rest.filter(a => !a.startsWith('--'));
  const cluster = () => {
    if (!positional[0]) throw new UsageError(`${command} needs a cluster name`);
    return encodeURIComponent(positional[0]);
  };
  const exactly = (count: number) => {
    if (positional.length !== count || rest.length !== count) {
      throw new UsageError(
        `${command} takes ${count} argument${count === 1 ? '' : 's'}`,
      );
    }
  };
  const put = (body: unknown): ApiCall => ({
    method: 'PUT',
    path: `/faults/${cluster()}`,
    body,
  });
  switch (command) {
    case 'faults':
      exactly(0);
      return { method: 'GET', path: '/faults' };
    case 'latency': {
      exactly(2);
      const ms = Number(positional[1]);
      if (!/^\d+$/.test(positional[1]) || ms > 60_000) {
        throw new UsageError('latency takes milliseconds from 0 to 60000');
      }
      return put({ latencyMs: ms });
    }
    case 'fail':
      return parseFail(rest, put);
    case 'partition':
      exactly(1);
      return put({ down: true });
    case 'heal':
      exactly(1);
      return put({ down: false });
    case 'probe': {
      exactly(2);
      const code = positional[1];
      if (!['500', '503', 'off'].includes(code)) {
        throw new UsageError('probe takes a cluster and 500, 503 or off');
      }
      return put({ probeFailWith: code === 'off' ? null : Number(code) });
    }
    case 'not-ready':
      exactly(1);
      return put({ notReady: true });
    case 'ready':
      exactly(1);
      return put({ notReady: false });
    case 'outage':
    case 'restore':
      exactly(1);
      return { method: 'POST', path: `/clusters/${cluster()}/${command}` };
    case 'clear':
      if (rest.length > 1 || positional.length !== rest.length) {
        throw new UsageError('clear takes at most one cluster');
      }
      return {
        method: 'DELETE',
        path: rest.length ? `/faults/${cluster()}` : '/faults',
      };
    case undefined:
      throw new UsageError('no command given');
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}

function parseFail(rest: string[], put: (body: unknown) => ApiCall): ApiCall {
  const [, code, ...options] = rest;
  if (code === 'off') {
    if (options.length)
      throw new UsageError('fail <cluster> off takes no options');
    return put({ failWith: null, failMethods: null, failPathPrefix: null });
  }
  if (!['401', '409', '500', '503'].includes(code ?? '')) {
    throw new UsageError('fail takes a cluster and 401, 409, 500, 503 or off');
  }
  const body: Record<string, unknown> = {
    failWith: Number(code),
    failMethods: null,
    failPathPrefix: null,
  };
  for (let i = 0; i < options.length; i += 2) {
    const [option, value] = [options[i], options[i + 1]];
    if (value === undefined || value.startsWith('--')) {
      throw new UsageError(`${option} needs a value`);
    }
    if (option === '--methods') {
      body.failMethods = value
        .split(',')
        .map(m => m.trim().toUpperCase())
        .filter(Boolean);
    } else if (option === '--path') {
      body.failPathPrefix = value;
    } else {
      throw new UsageError(
        `unknown option ${option} (known: --methods, --path)`,
      );
    }
  }
  return put(body);
}

/** One line describing a member's faults, e.g. `latency 200ms, fail 409 on PATCH`. */
export function describeFaults(report: MemberFaultReport): string {
  const f = report.faults;
  const parts: string[] = [];
  if (f.outage) parts.push('OUTAGE (kube-apiserver stopped)');
  if (f.down) parts.push('partitioned');
  if (f.latencyMs) parts.push(`latency ${f.latencyMs}ms`);
  if (f.failWith) {
    parts.push(
      `fail ${f.failWith}${
        f.failMethods ? ` on ${f.failMethods.join(',')}` : ''
      }${f.failPathPrefix ? ` under ${f.failPathPrefix}` : ''}`,
    );
  }
  if (f.notReady) parts.push('forced NotReady');
  if (f.probeFailWith) parts.push(`health probes ${f.probeFailWith}`);
  return parts.length ? parts.join(', ') : 'no faults';
}

function line(report: MemberFaultReport): string {
  const server = report.apiServer.running
    ? `up (pid ${report.apiServer.pid})`
    : 'DOWN';
  const proxy = report.proxy
    ? `  [proxy ${report.publicUrl}: ${report.proxy.forwarded} forwarded, ${report.proxy.failed} failed, ${report.proxy.reset} reset]`
    : '';
  return `${report.name.padEnd(26)} api ${server.padEnd(16)} ${describeFaults(
    report,
  )}${proxy}`;
}

/** Runs one CLI command; resolves to the process exit code. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  if (args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
    io.out(USAGE);
    return 0;
  }
  let call: ApiCall;
  try {
    call = parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n${USAGE}`);
    return 2;
  }
  let port = io.port;
  if (port === undefined) {
    try {
      port = faultApiPort();
    } catch (error) {
      io.err(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}${call.path}`, {
      method: call.method,
      headers: call.body ? { 'content-type': 'application/json' } : undefined,
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
  } catch (error) {
    io.err(
      `the fleet simulator's fault API does not answer on 127.0.0.1:${port} (${
        (error as { cause?: { code?: string } }).cause?.code ?? error
      }); is the fleet up? bash scripts/fleet.sh status`,
    );
    return 1;
  }
  const answer = (await response.json().catch(() => ({}))) as {
    error?: string;
    details?: string[];
    clusters?: MemberFaultReport[];
  } & Partial<MemberFaultReport>;
  if (!response.ok) {
    io.err(
      `refused (${response.status}): ${answer.error ?? response.statusText}`,
    );
    for (const detail of answer.details ?? []) io.err(`  - ${detail}`);
    return 1;
  }
  const reports = answer.clusters ?? [answer as MemberFaultReport];
  for (const report of reports) io.out(line(report));
  return 0;
}

if (require.main === module) {
  runCli(process.argv.slice(2), {
    out: text => console.log(text),
    err: text => console.error(text),
  }).then(
    code => {
      process.exitCode = code;
    },
    error => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
