import fs from 'node:fs';
import { waitReady } from './apiClient';
import { FLEET } from './clusters';
import { startEtcd } from './etcd';
import { file, say, selected, STATE } from './layout';
import { stopProcesses } from './processes';
import { startSimulator } from './simulator';
import { startApiServer } from './up';

/** Stops the simulator, the API servers, then etcd. */
export async function down(): Promise<void> {
  await stopProcesses(['simulator']);
  await stopProcesses(FLEET.map(cluster => cluster.name));
  await stopProcesses(['etcd']);
}

/**
 * Keeps a copy of etcd's data, every cluster's objects as they are now (the
 * seeded scenario, right after `up`), for `reset`. etcd stops for the copy
 * (a consistent one) and starts again; the API servers reconnect to it.
 */
export async function snapshot(assets: string): Promise<void> {
  await stopProcesses(['etcd']);
  fs.rmSync(file('etcd-snapshot'), { recursive: true, force: true });
  fs.cpSync(file('etcd'), file('etcd-snapshot'), { recursive: true });
  startEtcd(assets);
  for (const placed of selected()) await waitReady(placed);
  say(`snapshot of the fleet in ${file('etcd-snapshot')}`);
}

/**
 * Back to the snapshot, cheaper than a new fleet (no certificates, CRDs or
 * seeding): etcd's data as it was, and every API server and the simulator
 * restarted on it (their caches must not outlive the data).
 */
export async function reset(assets: string): Promise<void> {
  if (!fs.existsSync(file('etcd-snapshot'))) {
    throw new Error(
      `no snapshot in ${STATE}: run \`fleet.sh snapshot\` after \`up\``,
    );
  }
  const started = Date.now();
  await down();
  fs.rmSync(file('etcd'), { recursive: true, force: true });
  fs.cpSync(file('etcd-snapshot'), file('etcd'), { recursive: true });
  startEtcd(assets);
  const clusters = selected();
  for (const placed of clusters) startApiServer(assets, placed);
  for (const placed of clusters) await waitReady(placed);
  await startSimulator();
  say(
    `fleet reset to its snapshot in ${((Date.now() - started) / 1000).toFixed(
      1,
    )}s`,
  );
}
