import { EventEmitter } from 'node:events';

/** Status codes a member can be made to answer with instead of forwarding. */
export const FAILURE_CODES = [401, 409, 500, 503] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** What a member's service health endpoints can be made to answer. */
export const PROBE_FAILURE_CODES = [500, 503] as const;
export type ProbeFailureCode = (typeof PROBE_FAILURE_CODES)[number];

/**
 * The faults injected into one member, as its fault proxy and the
 * simulator's controllers see them. All off by default.
 */
export interface MemberFaults {
  /** Partition: the proxy resets new connections and destroys open ones. */
  down: boolean;
  /** Added before each request is forwarded (or failed). */
  latencyMs: number;
  /** Answer matching requests with this code and a Kubernetes Status body. */
  failWith?: FailureCode;
  /** Only fail these HTTP methods (upper case); all when absent. */
  failMethods?: string[];
  /** Only fail requests whose path starts with this; all when absent. */
  failPathPrefix?: string;
  /**
   * The member's service health endpoints (`GET /health/{cluster}/{service}`
   * on the control API) answer this instead of 200.
   */
  probeFailWith?: ProbeFailureCode;
  /** Karmada should report the member's Cluster NotReady (read by the Karmada controllers). */
  notReady: boolean;
  /**
   * The member's kube-apiserver is stopped by an outage (set by `outage.ts`,
   * not through `setFaults` by callers: it reflects the process, not a wish).
   */
  outage: boolean;
}

export type MemberFaultsPatch = Partial<MemberFaults>;

export interface FaultChange {
  cluster: string;
  previous: MemberFaults;
  current: MemberFaults;
}

const NO_FAULTS: MemberFaults = Object.freeze({
  down: false,
  latencyMs: 0,
  notReady: false,
  outage: false,
});

const registry = new Map<string, MemberFaults>();
const events = new EventEmitter();
// Every controller and proxy may listen; the default cap of 10 would warn.
events.setMaxListeners(0);

export function noFaults(): MemberFaults {
  return { ...NO_FAULTS };
}

/** A copy of the member's current faults (defaults when none were set). */
export function getFaults(cluster: string): MemberFaults {
  return { ...(registry.get(cluster) ?? NO_FAULTS) };
}

/** Every member that has a fault set (members without faults are left out). */
export function allFaults(): Record<string, MemberFaults> {
  const out: Record<string, MemberFaults> = {};
  for (const [cluster, faults] of registry) out[cluster] = { ...faults };
  return out;
}

/**
 * Merges `patch` into the member's faults. A key present with value
 * `undefined` removes an optional fault (e.g. `{ failWith: undefined }`).
 */
export function setFaults(
  cluster: string,
  patch: MemberFaultsPatch,
): MemberFaults {
  const previous = getFaults(cluster);
  const current: MemberFaults = { ...previous, ...patch };
  for (const key of Object.keys(current) as Array<keyof MemberFaults>) {
    if (current[key] === undefined) delete current[key];
  }
  store(cluster, previous, current);
  return { ...current };
}

/**
 * Clears the injected faults of one member, or of all. The `outage` flag is
 * kept: it describes a stopped process, which only a restore brings back.
 */
export function clearFaults(cluster?: string): void {
  const clusters = cluster === undefined ? [...registry.keys()] : [cluster];
  for (const name of clusters) {
    const previous = getFaults(name);
    store(name, previous, { ...NO_FAULTS, outage: previous.outage });
  }
}

export function isForcedNotReady(cluster: string): boolean {
  return getFaults(cluster).notReady;
}

/** True when the member cannot be reached at all (partitioned or stopped). */
export function isUnreachable(cluster: string): boolean {
  const faults = getFaults(cluster);
  return faults.down || faults.outage;
}

/** Calls `listener` after every change; returns the function that unsubscribes. */
export function onFaultsChanged(
  listener: (change: FaultChange) => void,
): () => void {
  events.on('change', listener);
  return () => {
    events.off('change', listener);
  };
}

function store(cluster: string, previous: MemberFaults, current: MemberFaults) {
  if (sameFaults(current, NO_FAULTS)) registry.delete(cluster);
  else registry.set(cluster, current);
  if (!sameFaults(previous, current)) {
    events.emit('change', {
      cluster,
      previous: { ...previous },
      current: { ...current },
    });
  }
}

function sameFaults(a: MemberFaults, b: MemberFaults): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as unknown as Record<string, unknown>)[key];
    const y = (b as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}
