/**
 * The status Cluster API's MachineDeployment controller writes: replica
 * counts, versions, phase and the ScalingUp/ScalingDown/RollingOut
 * conditions. Pure.
 */
import {
  AVAILABLE_REASONS,
  ConditionInput,
  condition,
  notSet,
  withConditions,
} from './conditions';
import { isDeleting, nodeVersionOf } from './decisions';
import { isMachineReady } from './machineStatus';
import type { Machine, MachineDeployment } from './capiObjects';

export interface ReplicaCounts {
  desiredReplicas: number;
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  upToDateReplicas: number;
}

export function machineDeploymentCounts(
  md: MachineDeployment,
  machines: Machine[],
): ReplicaCounts {
  const version = md.spec?.template?.spec?.version;
  const ready = machines.filter(isMachineReady);
  return {
    desiredReplicas: md.spec?.replicas ?? 1,
    replicas: machines.length,
    readyReplicas: ready.length,
    availableReplicas: ready.length,
    upToDateReplicas: machines.filter(
      m =>
        !isDeleting(m) &&
        (!version ||
          (m.spec?.version === version && nodeVersionOf(m) === version)),
    ).length,
  };
}

const selectorString = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => (v === '' ? k : `${k}=${v}`))
    .join(',');

function versions(machines: Machine[]) {
  const byVersion = new Map<string, number>();
  for (const m of machines) {
    const v = nodeVersionOf(m);
    if (v) byVersion.set(v, (byVersion.get(v) ?? 0) + 1);
  }
  return [...byVersion.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([version, replicas]) => ({ version, replicas }));
}

function mdPhase(scalingUp: boolean, scalingDown: boolean) {
  if (scalingUp) return 'ScalingUp';
  if (scalingDown) return 'ScalingDown';
  return 'Running';
}

/** What a MachineDeployment's conditions are decided on. */
interface RolloutFacts {
  counts: ReplicaCounts;
  machines: number;
  live: number;
  scalingUp: boolean;
  scalingDown: boolean;
  rollingOut: boolean;
  version: string | undefined;
}

function rolloutFacts(
  md: MachineDeployment,
  machines: Machine[],
): RolloutFacts {
  const c = machineDeploymentCounts(md, machines);
  const live = machines.filter(m => !isDeleting(m)).length;
  return {
    counts: c,
    machines: machines.length,
    live,
    scalingUp: live < c.desiredReplicas || c.replicas < c.desiredReplicas,
    scalingDown: c.replicas > c.desiredReplicas,
    rollingOut: c.upToDateReplicas < Math.min(live, c.desiredReplicas),
    version: md.spec?.template?.spec?.version,
  };
}

/** Available and MachinesReady: enough replicas, and every Machine ready. */
function readinessConditions(f: RolloutFacts): ConditionInput[] {
  const c = f.counts;
  const allReady = f.machines > 0 && c.readyReplicas === f.machines;
  const isAvailable = c.availableReplicas >= c.desiredReplicas;
  return [
    condition(
      'Available',
      isAvailable,
      AVAILABLE_REASONS,
      isAvailable
        ? ''
        : `${c.availableReplicas} available replicas, at least ${c.desiredReplicas} required (spec.strategy.rollout.maxUnavailable is 0, spec.replicas is ${c.desiredReplicas})`,
    ),
    condition(
      'MachinesReady',
      allReady || f.machines === 0,
      ['Ready', 'NotReady'],
      allReady || f.machines === 0
        ? ''
        : `${f.machines - c.readyReplicas} of ${f.machines} Machines not ready`,
    ),
  ];
}

/** MachinesUpToDate, ScalingUp, ScalingDown and RollingOut. */
function changeConditions(f: RolloutFacts): ConditionInput[] {
  const c = f.counts;
  return [
    condition(
      'MachinesUpToDate',
      !f.rollingOut,
      ['UpToDate', 'NotUpToDate'],
      f.rollingOut ? `Machines not at version ${f.version}` : '',
    ),
    condition(
      'ScalingUp',
      f.scalingUp,
      ['ScalingUp', 'NotScalingUp'],
      f.scalingUp
        ? `Scaling up from ${f.live} to ${c.desiredReplicas} replicas`
        : '',
    ),
    condition(
      'ScalingDown',
      f.scalingDown,
      ['ScalingDown', 'NotScalingDown'],
      f.scalingDown
        ? `Scaling down from ${c.replicas} to ${c.desiredReplicas} replicas`
        : '',
    ),
    condition(
      'RollingOut',
      f.rollingOut,
      ['RollingOut', 'NotRollingOut'],
      f.rollingOut
        ? `Rolling out ${
            Math.min(f.live, c.desiredReplicas) - c.upToDateReplicas
          } not up-to-date replicas to ${f.version}`
        : '',
    ),
  ];
}

export function machineDeploymentStatus(
  md: MachineDeployment,
  machines: Machine[],
  now: Date,
) {
  const facts = rolloutFacts(md, machines);
  const c = facts.counts;
  return {
    ...(md.status ?? {}),
    selector: selectorString(md.spec?.selector?.matchLabels ?? {}),
    replicas: c.replicas,
    readyReplicas: c.readyReplicas,
    availableReplicas: c.availableReplicas,
    upToDateReplicas: c.upToDateReplicas,
    versions: versions(machines),
    phase: mdPhase(facts.scalingUp, facts.scalingDown),
    observedGeneration: md.metadata?.generation,
    deprecated: {
      v1beta1: {
        readyReplicas: c.readyReplicas,
        availableReplicas: c.availableReplicas,
        updatedReplicas: c.upToDateReplicas,
        unavailableReplicas: Math.max(
          0,
          c.desiredReplicas - c.availableReplicas,
        ),
      },
    },
    conditions: withConditions(
      md.status?.conditions,
      [
        ...readinessConditions(facts),
        ...changeConditions(facts),
        notSet('Remediating', 'NotRemediating'),
        notSet('Deleting', 'NotDeleting'),
        notSet('Paused', 'NotPaused'),
      ],
      now,
      md.metadata?.generation,
    ),
  };
}
