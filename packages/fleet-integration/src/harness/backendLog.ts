/**
 * What the backend's log says of its fleet refreshes and inspection
 * passes (the figures FleetInventory logs), and its refresh task run on
 * demand through the scheduler's own trigger endpoint.
 */
import fs from 'node:fs';
import type { RunningBackend } from './backend';
import { eventually } from '@flotilla/test-kit';

const REFRESH_TASK = 'multi-cluster-fleet-refresh';
/** What FleetInventory logs at the end of each refresh. */
const REFRESHED_LINE =
  /Fleet refreshed: (\d+) clusters, (\d+) healthy, (\d+) stale.* in (\d+)ms/;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export interface RefreshRecord {
  clusters: number;
  healthy: number;
  /** Kept from an earlier refresh because their source failed this time. */
  stale: number;
  durationMs: number;
}

/** The numbers of every line of the backend's log that `pattern` matches, in order. */
function loggedFigures(backend: RunningBackend, pattern: RegExp): number[][] {
  const text = fs.readFileSync(backend.logFile, 'utf8').replace(ANSI, '');
  return text.split('\n').flatMap(line => {
    const m = pattern.exec(line);
    return m ? [m.slice(1).map(Number)] : [];
  });
}

/** Every "Fleet refreshed" line the backend logged so far, in order. */
export function loggedRefreshes(backend: RunningBackend): RefreshRecord[] {
  return loggedFigures(backend, REFRESHED_LINE).map(
    ([clusters, healthy, stale, durationMs]) => ({
      clusters,
      healthy,
      stale,
      durationMs,
    }),
  );
}

/** What FleetInventory logs at the end of each connectivity inspection pass. */
const INSPECTED_LINE =
  /Connectivity inspected: (\d+) clusters(?: \(with workload census\))? in (\d+)ms/;

export interface InspectionRecord {
  clusters: number;
  durationMs: number;
}

/** Every "Connectivity inspected" line the backend logged so far, in order. */
export function loggedInspections(backend: RunningBackend): InspectionRecord[] {
  return loggedFigures(backend, INSPECTED_LINE).map(
    ([clusters, durationMs]) => ({ clusters, durationMs }),
  );
}

/** Waits until the backend logged at least `count` inspection passes. */
export async function inspections(
  backend: RunningBackend,
  count: number,
  timeoutMs: number,
): Promise<InspectionRecord[]> {
  return eventually(async () => {
    const all = loggedInspections(backend);
    if (all.length < count) {
      throw new Error(`${all.length} inspection passes logged, not ${count}`);
    }
    return all;
  }, timeoutMs);
}

/** Waits for the backend to log a refresh after the first `seen` ones. */
export async function nextRefresh(
  backend: RunningBackend,
  seen: number,
  timeoutMs: number,
): Promise<RefreshRecord> {
  return eventually(async () => {
    const all = loggedRefreshes(backend);
    if (all.length <= seen) throw new Error('no new refresh logged yet');
    return all[seen];
  }, timeoutMs);
}

/**
 * Runs the backend's scheduled refresh task now (the scheduler's own
 * trigger endpoint), waiting while a run is in progress (409), and returns
 * that run's logged figures.
 */
export async function triggeredRefresh(
  backend: RunningBackend,
  timeoutMs: number,
): Promise<RefreshRecord> {
  const seen = loggedRefreshes(backend).length;
  await eventually(async () => {
    const res = await backend.request(
      'POST',
      `/api/multi-cluster/.backstage/scheduler/v1/tasks/${REFRESH_TASK}/trigger`,
    );
    if (res.status !== 200) {
      throw new Error(`trigger answered ${res.status}: ${String(res.body)}`);
    }
  }, timeoutMs);
  return nextRefresh(backend, seen, timeoutMs);
}
