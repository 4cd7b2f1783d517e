/**
 * What the service-tab bench runs: the production build (the backend
 * bundle with the app built into it, `scripts/backend-bundle.sh`, started
 * with NODE_ENV=production as scripts/e2e.sh starts it) on a local fleet of
 * real kube-apiservers (`scripts/fleet.sh`), grown to the measured size by
 * registering Karmada Clusters that share a member's endpoint (as the
 * fleet-scale bench does).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  eventually as untilReturns,
  fleetAdminClusters,
  FleetRequestError,
  requestAsFleetAdmin,
} from '@flotilla/test-kit';
import { stringify } from 'yaml';

export const ROOT = path.resolve(__dirname, '../../..');
export const BACKEND_URL = 'http://localhost:7007';

/** Runs a repository script to its end, its output in `logFile`. */
export function runScript(
  args: string[],
  env: Record<string, string>,
  logFile: string,
): boolean {
  const out = fs.openSync(logFile, 'a');
  const result = spawnSync('bash', args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return result.status === 0;
}

/** The fleet the bench runs on: the caller's when it runs, else its own. */
export function ensureFleet(tmp: string): { dir: string; own: boolean } {
  const given = process.env.FLOTILLA_FLEET_DIR;
  const log = path.join(tmp, 'fleet.log');
  if (given && runScript(['scripts/fleet.sh', 'status'], {}, log)) {
    return { dir: path.resolve(given), own: false };
  }
  const dir = path.join(tmp, 'fleet');
  const env = {
    FLOTILLA_FLEET_DIR: dir,
    FLOTILLA_FLEET_PORT_BASE: process.env.FLOTILLA_FLEET_PORT_BASE ?? '31440',
  };
  // On a loaded machine `up` can time out half-way; it carries on when run again.
  if (!runScript(['scripts/fleet.sh', 'up'], env, log)) {
    if (!runScript(['scripts/fleet.sh', 'up'], env, log)) {
      throw new Error(`the fleet did not start; see ${log}`);
    }
  }
  return { dir, own: true };
}

export function stopFleet(dir: string, logFile: string) {
  runScript(['scripts/fleet.sh', 'down'], { FLOTILLA_FLEET_DIR: dir }, logFile);
}

/** The production build: FLOTILLA_BUNDLE_DIR's, else built into `tmp`. */
export function ensureBundle(tmp: string): string {
  const given = process.env.FLOTILLA_BUNDLE_DIR;
  if (given) return path.join(given, 'app');
  const dir = path.join(tmp, 'bundle');
  fs.mkdirSync(dir, { recursive: true });
  if (
    !runScript(
      ['scripts/backend-bundle.sh', dir],
      {},
      path.join(tmp, 'build.log'),
    )
  ) {
    throw new Error(`the production build failed; see ${tmp}/build.log`);
  }
  return path.join(dir, 'app');
}

/** Served from the backend's own origin, signed in as the demo's guest. */
function productionConfig(): string {
  return stringify({
    app: { baseUrl: BACKEND_URL },
    backend: { baseUrl: BACKEND_URL, cors: { origin: BACKEND_URL } },
    auth: {
      providers: { guest: { dangerouslyAllowOutsideDevelopment: true } },
    },
    // The plugin's default refresh and detection cadence, not the demo's
    // shorter ones (30 s and 10 s, for a local demo that reacts at once):
    // the page is measured under the load a fleet of this size puts on a
    // production backend by default.
    multiCluster: {
      refresh: { frequency: { seconds: 60 } },
      detection: { frequency: { seconds: 30 } },
    },
  });
}

/** Starts the built backend (which serves the built app) on the fleet. */
export function startBuiltApp(
  appDir: string,
  fleetDir: string,
  tmp: string,
): ChildProcess {
  const config = path.join(tmp, 'app-config.bench.yaml');
  fs.writeFileSync(config, productionConfig());
  const configs = [
    path.join(appDir, 'app-config.yaml'),
    path.join(fleetDir, 'app-config.yaml'),
    config,
  ].flatMap(file => ['--config', file]);
  const out = fs.openSync(path.join(tmp, 'app.log'), 'a');
  // The catalog reads the demo's files relative to packages/backend.
  const app = spawn('node', ['.', ...configs], {
    cwd: path.join(appDir, 'packages/backend'),
    env: { ...process.env, NODE_ENV: 'production' },
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return app;
}

export function stopApp(app: ChildProcess) {
  try {
    process.kill(-app.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** The guest's token, as the app's sign-in gets it. */
export async function guestToken(): Promise<string> {
  const res = await fetch(`${BACKEND_URL}/api/auth/guest/refresh`);
  if (!res.ok) throw new Error(`guest sign-in: ${res.status}`);
  return ((await res.json()) as any).backstageIdentity.token;
}

/** GET a backend path as the guest; undefined while it does not answer 200. */
export async function backendJson(apiPath: string): Promise<any> {
  try {
    const token = await guestToken();
    const res = await fetch(`${BACKEND_URL}${apiPath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/** `read` again every 2 s until it gives a value (test-kit's `eventually`). */
export function eventually<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  return untilReturns(
    async () => {
      const value = await read();
      if (value === undefined) throw new Error(`${what}: timed out`);
      return value;
    },
    timeoutMs,
    2000,
  );
}

const CLUSTERS_PATH = '/apis/cluster.karmada.io/v1alpha1/clusters';

/** One request for Karmada Clusters to the control plane, as its admin. */
async function karmadaRequest(
  fleetDir: string,
  method: 'GET' | 'POST' | 'DELETE',
  name = '',
  body?: unknown,
): Promise<any> {
  const karmada = fleetAdminClusters(fleetDir).find(c => c.kind === 'karmada')!;
  const apiPath = `${CLUSTERS_PATH}${name ? `/${name}` : ''}`;
  try {
    return await requestAsFleetAdmin(karmada, method, apiPath, body);
  } catch (error) {
    // A 409 is a Cluster an earlier run created: kept as it is.
    if (error instanceof FleetRequestError && error.status === 409) return {};
    throw error;
  }
}

const BENCH_LABEL = 'flotilla.io/bench-service-tab';

/**
 * Registers `count` Push Clusters `tab-NNNN`, each with the spec of one of
 * the members the simulator joined that does not run the measured service
 * (`busy`), round-robin: a fleet of hundreds where the service keeps the
 * few clusters it runs on, as in a real fleet, while every page read that
 * spans the fleet (the cluster list, the census, the advice) spans them all.
 */
export async function registerBenchClusters(
  fleetDir: string,
  count: number,
  busy: ReadonlySet<string>,
) {
  const list = await karmadaRequest(fleetDir, 'GET');
  const joined = (list.items as any[]).filter(
    c => !c.metadata.labels?.[BENCH_LABEL],
  );
  const idle = joined.filter(c => !busy.has(c.metadata.name));
  const members = idle.length > 0 ? idle : joined;
  for (let i = 0; i < count; i++) {
    const { apiEndpoint, secretRef, impersonatorSecretRef, provider, region } =
      members[i % members.length].spec;
    await karmadaRequest(fleetDir, 'POST', '', {
      apiVersion: 'cluster.karmada.io/v1alpha1',
      kind: 'Cluster',
      metadata: {
        name: `tab-${String(i).padStart(4, '0')}`,
        labels: { [BENCH_LABEL]: 'true' },
      },
      spec: {
        syncMode: 'Push',
        apiEndpoint,
        secretRef,
        impersonatorSecretRef,
        provider,
        region,
      },
    });
  }
}

/** Removes what registerBenchClusters added, leaving a caller's fleet as found. */
export async function removeBenchClusters(fleetDir: string) {
  const list = await karmadaRequest(fleetDir, 'GET');
  for (const c of list.items as any[]) {
    if (!c.metadata.labels?.[BENCH_LABEL]) continue;
    await karmadaRequest(fleetDir, 'DELETE', c.metadata.name);
  }
}
