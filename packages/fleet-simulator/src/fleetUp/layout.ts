/**
 * Where the local fleet lives: its state folder, the repository's assets it
 * reads, and its ports.
 */
import path from 'node:path';
import { FLEET, type FleetCluster, type PlacedCluster } from './clusters';

// Run from source by scripts/fleet.sh, never bundled: the repository root.
// eslint-disable-next-line no-restricted-syntax
export const ROOT = path.resolve(__dirname, '../../../..');
export const STATE =
  process.env.FLOTILLA_FLEET_DIR ?? path.join(ROOT, '.fleet');
export const CRDS = path.join(ROOT, 'packages/upstream-crds/crds');
export const SIMULATOR_DIR = path.join(ROOT, 'packages/fleet-simulator');
export const READY_DEADLINE_MS = 120_000;

// Below 32768: Linux picks the local ports of outgoing connections from
// 32768-60999, and an API server's connection to etcd once took a port the
// fleet meant to listen on.
const PORT_BASE = Number(process.env.FLOTILLA_FLEET_PORT_BASE ?? 26440);
export const ETCD_CLIENT_PORT = PORT_BASE;
export const ETCD_PEER_PORT = PORT_BASE + 1;
// The Karmada aggregated API server and the simulator's control API (both
// served by packages/fleet-simulator).
export const AGGREGATED_API_PORT = PORT_BASE + 2;
export const SIMULATOR_PORT = PORT_BASE + 59;

export const say = (message: string) =>
  process.stderr.write(`[fleet] ${message}\n`);
export const file = (...parts: string[]) => path.join(STATE, ...parts);
export const pidFile = (name: string) => file('pids', `${name}.pid`);
export const pkiDir = (cluster: FleetCluster) => file('pki', cluster.name);

// Ports follow a cluster's place in the whole FLEET list, so a subset
// (FLOTILLA_FLEET_ONLY) keeps every cluster's address.
export function apiPort(index: number): number {
  return PORT_BASE + 3 + index;
}

/** A member's fault proxy (the simulator's), where everyone else reaches it. */
export function proxyPort(index: number): number {
  return PORT_BASE + 60 + index;
}

export function publicUrl({ cluster, index }: PlacedCluster): string {
  return `https://127.0.0.1:${
    cluster.kind === 'member' ? proxyPort(index) : apiPort(index)
  }`;
}

/** The clusters this fleet runs: all, or those FLOTILLA_FLEET_ONLY names. */
export function selected(): PlacedCluster[] {
  const only = (process.env.FLOTILLA_FLEET_ONLY ?? '')
    .split(',')
    .map(name => name.trim())
    .filter(Boolean);
  const unknown = only.filter(name => !FLEET.some(c => c.name === name));
  if (unknown.length) {
    throw new Error(`FLOTILLA_FLEET_ONLY names unknown clusters: ${unknown}`);
  }
  return FLEET.map((cluster, index) => ({ cluster, index })).filter(
    ({ cluster }) => only.length === 0 || only.includes(cluster.name),
  );
}
