import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { stringify } from 'yaml';
import { FleetDescription } from '@flotilla/fleet-simulator';
import { eventually } from '@flotilla/test-kit';

// Run from source by jest and the bench, never bundled.
// eslint-disable-next-line no-restricted-syntax
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface BackendOptions {
  /** Shown in logs and used for the log file name. */
  name: string;
  port: number;
  /** PostgreSQL database prefix: backends given the same prefix share their databases. */
  databasePrefix: string;
  /** Extra configuration, applied last. */
  config?: Record<string, unknown>;
  /** Signs the guest in as this user (default: the platform team's guest). */
  guestUser?: string;
  /**
   * Runs the built bundle unpacked here by `scripts/backend-bundle.sh`
   * (NODE_ENV=production, as it ships) instead of the sources. Default:
   * `FLOTILLA_BUNDLE_DIR`'s, when it holds the backend package.
   */
  bundleDir?: string;
  /**
   * The backend package to run: `backend` (the demo backend, the default)
   * or `backend-multi-cluster` (Flotilla's plugin in a backend of its own).
   */
  backendPackage?: 'backend' | 'backend-multi-cluster';
  /**
   * The backend that signs users in, when this one has no auth plugin (a
   * split deployment): tokens come from there.
   */
  signInThrough?: RunningBackend;
  /** Node flags for the backend process (`--trace-gc`, say). */
  nodeFlags?: string[];
}

/**
 * The suite's defaults, under each test's own configuration (merged deeply):
 * the inventory refreshes every 5 s instead of 30 s, so a test that waits
 * for it to see a change (health after a fault, a new version, a scaled
 * cluster) waits seconds, not half a minute per step; detection is off.
 */
const SUITE_DEFAULTS = {
  multiCluster: {
    refresh: { frequency: { seconds: 5 } },
    // Only the region-loss test lets detection act on the faults it injects.
    detection: { enabled: false },
  },
};

/**
 * The bundle the test command built once (`FLOTILLA_BUNDLE_DIR`), if it holds
 * the package: a built backend is ready in a few seconds where the sources,
 * compiled as they load, take about 20 on two cores, and the suite starts
 * some thirty backends. Run alone, the suite runs the sources.
 */
function suiteBundle(backendPackage: string): string | undefined {
  const built = process.env.FLOTILLA_BUNDLE_DIR;
  const app = built && path.join(built, 'app');
  return app && fs.existsSync(path.join(app, 'packages', backendPackage))
    ? app
    : undefined;
}

/**
 * The real Backstage backend (`packages/backend`, the demo backend an adopter
 * would run, or `packages/backend-multi-cluster`) as a child process: PostgreSQL on 127.0.0.1:5432, the repository's
 * app-config.yaml, the fleet's generated app-config.yaml (URLs, CAs and the
 * backend's tokens), the suite's defaults and the test's own configuration last.
 */
export class RunningBackend {
  readonly url: string;
  readonly logFile: string;
  private exited: Promise<number | null>;
  private tokenValue?: string;

  private constructor(
    readonly options: BackendOptions,
    readonly child: ChildProcess,
    logFile: string,
  ) {
    this.url = `http://localhost:${options.port}`;
    this.logFile = logFile;
    this.exited = new Promise(resolve =>
      child.once('exit', code => resolve(code)),
    );
  }

  static async start(
    fleet: FleetDescription,
    requested: BackendOptions,
  ): Promise<RunningBackend> {
    // Two suites on one machine (each with its own fleet) keep apart by offset.
    const options = {
      ...requested,
      port:
        requested.port +
        Number(process.env.FLOTILLA_TEST_BACKEND_PORT_OFFSET ?? 0),
    };
    // Another process on the port would answer the readiness checks.
    await assertPortFree(options.port);
    const workDir = fs.mkdtempSync(
      path.join(os.tmpdir(), `flotilla-it-${options.name}-`),
    );
    const testConfig = {
      app: { baseUrl: `http://localhost:${options.port}` },
      backend: {
        baseUrl: `http://localhost:${options.port}`,
        listen: { port: options.port, host: '127.0.0.1' },
        cors: { origin: `http://localhost:${options.port}` },
        database: {
          client: 'pg',
          connection: {
            host: '127.0.0.1',
            port: 5432,
            user: 'postgres',
            password: '',
          },
          prefix: options.databasePrefix,
        },
      },
      auth: {
        providers: {
          guest: {
            userEntityRef: options.guestUser ?? 'user:default/platform-guest',
            dangerouslyAllowOutsideDevelopment: true,
          },
        },
      },
      ...options.config,
    };
    const defaultsFile = path.join(workDir, 'app-config.suite.yaml');
    fs.writeFileSync(defaultsFile, stringify(SUITE_DEFAULTS));
    const testConfigFile = path.join(workDir, 'app-config.test.yaml');
    fs.writeFileSync(testConfigFile, stringify(testConfig));
    const logFile = path.join(
      process.env.FLOTILLA_TEST_LOG_DIR ?? workDir,
      `backend-${options.name}.log`,
    );
    const out = fs.openSync(logFile, 'a');
    const configArgs = [
      '--config',
      path.join(REPO_ROOT, 'app-config.yaml'),
      '--config',
      path.join(fleet.dir, 'app-config.yaml'),
      '--config',
      defaultsFile,
      '--config',
      testConfigFile,
    ];
    const backendPackage = options.backendPackage ?? 'backend';
    const backendDir = path.join(REPO_ROOT, 'packages', backendPackage);
    const nodeFlags = options.nodeFlags ?? [];
    const bundleDir = options.bundleDir ?? suiteBundle(backendPackage);
    // From the package's folder, as from the sources: the configuration's
    // relative paths (the demo catalog's files) resolve alike.
    const child = bundleDir
      ? spawn(process.execPath, [...nodeFlags, '.', ...configArgs], {
          cwd: path.join(bundleDir, 'packages', backendPackage),
          env: { ...process.env, NODE_ENV: 'production' },
          stdio: ['ignore', out, out],
        })
      : spawn(
          process.execPath,
          [
            ...nodeFlags,
            '--require',
            require.resolve('@backstage/cli/config/nodeTransform.cjs', {
              paths: [backendDir],
            }),
            'src/index.ts',
            ...configArgs,
          ],
          {
            cwd: backendDir,
            env: { ...process.env, NODE_ENV: 'development' },
            stdio: ['ignore', out, out],
          },
        );
    fs.closeSync(out);
    // A test run that ends early must not leave a backend holding its port.
    const killChild = () => child.kill('SIGKILL');
    process.once('exit', killChild);
    child.once('exit', () => process.removeListener('exit', killChild));
    const backend = new RunningBackend(options, child, logFile);
    try {
      await backend.waitUntilReady();
    } catch (error) {
      await backend.stop('SIGKILL');
      throw error;
    }
    return backend;
  }

  get pid(): number {
    return this.child.pid!;
  }

  private async waitUntilReady(timeoutMs = 480_000) {
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    this.exited.then(code => {
      exitCode = code;
    });
    for (;;) {
      if (exitCode !== undefined) {
        throw new Error(
          `backend ${
            this.options.name
          } exited (${exitCode}) while starting:\n${this.tail()}`,
        );
      }
      try {
        const res = await fetch(`${this.url}/.backstage/health/v1/readiness`, {
          signal: AbortSignal.timeout(2000),
        });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        throw new Error(
          `backend ${
            this.options.name
          } not ready after ${timeoutMs} ms:\n${this.tail()}`,
        );
      }
      await new Promise(resolve => setTimeout(resolve, 500));
    }
  }

  /** The last lines of the backend's log (not its health checks), for failure messages. */
  tail(lines = 20): string {
    try {
      return fs
        .readFileSync(this.logFile, 'utf8')
        .split('\n')
        .filter(line => !line.includes('/.backstage/health/'))
        .slice(-lines)
        .join('\n');
    } catch {
      return '(no log)';
    }
  }

  /**
   * A user token from the guest provider (the signed-in guest). Signing in
   * resolves the user's groups from the catalog, so it waits until the
   * catalog knows the user's groups (ownership beyond the user itself):
   * a token issued earlier would carry no group claims for its lifetime.
   */
  async token(): Promise<string> {
    if (this.options.signInThrough) return this.options.signInThrough.token();
    if (!this.tokenValue) {
      this.tokenValue = await eventually(
        async () => {
          const res = await fetch(`${this.url}/api/auth/guest/refresh`, {
            headers: { 'x-requested-with': 'XMLHttpRequest' },
          });
          if (!res.ok) {
            throw new Error(
              `guest sign-in failed: ${res.status} ${await res.text()}`,
            );
          }
          const body = (await res.json()) as {
            backstageIdentity: {
              token: string;
              identity: { ownershipEntityRefs: string[] };
            };
          };
          const { ownershipEntityRefs } = body.backstageIdentity.identity;
          if (ownershipEntityRefs.length < 2) {
            throw new Error(
              `the catalog does not know the guest's groups yet (${ownershipEntityRefs})`,
            );
          }
          return body.backstageIdentity.token;
        },
        240_000,
        1000,
      );
    }
    return this.tokenValue;
  }

  /**
   * A request to the backend as the signed-in user (plus `headers`, e.g. the
   * user's cluster credentials); the parsed JSON body and status.
   */
  async request<T = any>(
    method: string,
    urlPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.url}${urlPath}`, {
      method,
      headers: {
        ...headers,
        authorization: `Bearer ${await this.token()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T };
  }

  /** Like `request`, failing unless the status is 2xx. */
  async ok<T = any>(
    method: string,
    urlPath: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    const res = await this.request<T>(method, urlPath, body, headers);
    if (res.status < 200 || res.status > 299) {
      throw new Error(
        `${method} ${urlPath}: ${res.status} ${JSON.stringify(res.body).slice(
          0,
          500,
        )}`,
      );
    }
    return res.body;
  }

  /** Stops the backend: SIGTERM (a graceful shutdown) or SIGKILL (a crash). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timer);
  }
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(
        new Error(
          `port ${port} is taken (a backend left by an earlier run?): free it first`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** A database prefix of its own for one test run (PostgreSQL names, lower case). */
export function uniqueDatabasePrefix(label: string): string {
  return `flotilla_it_${label}_${crypto.randomBytes(3).toString('hex')}_`;
}

/** Drops the databases a run created (by prefix). */
export async function dropDatabases(prefix: string): Promise<void> {
  const db = knexFactory({
    client: 'pg',
    connection: {
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: 'postgres',
    },
  });
  try {
    const { rows } = await db.raw(
      'SELECT datname FROM pg_database WHERE datname LIKE ?',
      [`${prefix}%`],
    );
    for (const { datname } of rows as Array<{ datname: string }>) {
      await db.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [datname]);
    }
  } finally {
    await db.destroy();
  }
}
