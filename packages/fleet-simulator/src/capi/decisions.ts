/**
 * What the Cluster API controllers decide, apart from the calls that carry it
 * out: which Machines a MachineDeployment adds or removes, when a Machine's
 * provisioning, update or deletion is done, and where a control plane
 * rollout stands. Pure, so the decisions are tested with real objects.
 */
import type { ControlPlaneVersions, Machine } from './capiObjects';
import { findCondition } from './conditions';
import { machineIndex } from './model';

const time = (value: unknown): number | undefined => {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const t = new Date(value).getTime();
  return Number.isFinite(t) ? t : undefined;
};

export const isDeleting = (
  obj: { metadata?: { deletionTimestamp?: string } } | undefined,
) => Boolean(obj?.metadata?.deletionTimestamp);

export interface ReplicaPlan {
  /** Indexes of the Machines to create (`<md>-<index>`). */
  create: number[];
  /** Names of the Machines to delete: the newest (highest index) first. */
  remove: string[];
}

/**
 * Machines to create or delete so `desired` of them live. New Machines take
 * the lowest free indexes (never the name of one still being deleted);
 * scaling down removes the highest indexes, as MachineSets' "Newest"
 * deletion order would.
 */
export function replicaPlan(
  machineDeployment: string,
  desired: number,
  machines: Machine[],
): ReplicaPlan {
  const live = machines.filter(m => !isDeleting(m));
  const taken = new Set(
    machines
      .map(m => machineIndex(machineDeployment, m.metadata.name))
      .filter((i): i is number => i !== undefined),
  );
  const create: number[] = [];
  for (let i = 0; live.length + create.length < desired; i++) {
    if (!taken.has(i)) create.push(i);
  }
  const newestFirst = [...live].sort(
    (a, b) =>
      (machineIndex(machineDeployment, b.metadata.name) ?? Infinity) -
      (machineIndex(machineDeployment, a.metadata.name) ?? Infinity),
  );
  const remove = newestFirst
    .slice(0, Math.max(0, live.length - desired))
    .map(m => m.metadata.name);
  return { create, remove };
}

/** The version a Machine's Node runs, once it has one. */
export const nodeVersionOf = (
  machine: Machine | undefined,
): string | undefined => machine?.status?.nodeInfo?.kubeletVersion;

/**
 * The Machines to move to `version` next: a rolling update that keeps at
 * most a quarter of the Machines (at least one) updating at once, lowest
 * index first.
 */
export function machinesToUpdate(
  machineDeployment: string,
  version: string,
  machines: Machine[],
): string[] {
  const live = machines.filter(m => !isDeleting(m));
  const batch = Math.max(1, Math.ceil(live.length / 4));
  const updating = live.filter(
    m => m.spec?.version === version && nodeVersionOf(m) !== version,
  ).length;
  const outdated = live
    .filter(m => m.spec?.version !== version)
    .sort(
      (a, b) =>
        (machineIndex(machineDeployment, a.metadata.name) ?? Infinity) -
        (machineIndex(machineDeployment, b.metadata.name) ?? Infinity),
    );
  return outdated
    .slice(0, Math.max(0, batch - updating))
    .map(m => m.metadata.name);
}

export type MachineStep =
  | { kind: 'provision' }
  | { kind: 'update'; version: string }
  | { kind: 'release' }
  | { kind: 'mark'; phase: 'Provisioning' | 'Updating' | 'Deleting' }
  | { kind: 'wait'; ms: number; phase: string }
  | { kind: 'steady' };

/**
 * The next step of one Machine: its Node joins `delayMs` after the Machine
 * was created; an in-place version change takes `delayMs` from when it was
 * marked Updating; a deleted Machine's Node goes (and the finalizer with it)
 * `delayMs` after deletion was requested.
 */
export function machineStep(
  machine: Machine,
  now: Date,
  delayMs: number,
): MachineStep {
  const phase: string | undefined = machine?.status?.phase;
  const elapsedSince = (t: number | undefined) =>
    t === undefined ? Infinity : now.getTime() - t;
  if (isDeleting(machine)) {
    if (phase !== 'Deleting') return { kind: 'mark', phase: 'Deleting' };
    const left =
      delayMs - elapsedSince(time(machine.metadata.deletionTimestamp));
    return left > 0 ? { kind: 'wait', ms: left, phase } : { kind: 'release' };
  }
  if (!machine?.status?.nodeRef) {
    if (phase !== 'Provisioning')
      return { kind: 'mark', phase: 'Provisioning' };
    const created =
      time(machine.metadata?.annotations?.['flotilla.io/created-at']) ??
      time(machine.metadata?.creationTimestamp);
    const left = delayMs - elapsedSince(created);
    return left > 0 ? { kind: 'wait', ms: left, phase } : { kind: 'provision' };
  }
  const version: string | undefined = machine.spec?.version;
  if (version && nodeVersionOf(machine) !== version) {
    if (phase !== 'Updating') return { kind: 'mark', phase: 'Updating' };
    const since = time(findCondition(machine, 'UpToDate')?.lastTransitionTime);
    const left = delayMs - elapsedSince(since);
    return left > 0
      ? { kind: 'wait', ms: left, phase }
      : { kind: 'update', version };
  }
  return { kind: 'steady' };
}

export type RolloutStep =
  | { kind: 'steady' }
  /** No version observed yet: the control plane comes up at its spec version. */
  | { kind: 'initialize'; version: string }
  | { kind: 'start'; from: string; to: string }
  | { kind: 'wait'; ms: number; from: string; to: string }
  | { kind: 'finish'; from: string; to: string };

/**
 * Where a control plane's version rollout stands: `spec.version` differs
 * from the `status.version` it runs; RollingOut=True marks the start, and the
 * rollout completes `rolloutMs` later.
 */
export function controlPlaneStep(
  kcp: ControlPlaneVersions,
  now: Date,
  rolloutMs: number,
): RolloutStep {
  const to: string | undefined = kcp?.spec?.version;
  const from: string | undefined = kcp?.status?.version;
  if (!to) return { kind: 'steady' };
  if (!from) return { kind: 'initialize', version: to };
  if (from === to) return { kind: 'steady' };
  const rolling = findCondition(kcp, 'RollingOut');
  if (rolling?.status !== 'True') return { kind: 'start', from, to };
  const started = time(rolling.lastTransitionTime) ?? now.getTime();
  const left = rolloutMs - (now.getTime() - started);
  return left > 0
    ? { kind: 'wait', ms: left, from, to }
    : { kind: 'finish', from, to };
}
