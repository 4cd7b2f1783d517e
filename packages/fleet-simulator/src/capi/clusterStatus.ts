/**
 * The status Cluster API's Cluster controller writes: the controlPlane and
 * workers summaries and the Available/ControlPlaneAvailable/WorkersAvailable
 * conditions. Pure.
 */
import {
  AVAILABLE_REASONS,
  Condition,
  ConditionInput,
  condition,
  findCondition,
  notSet,
  withConditions,
} from './conditions';
import { isDeleting } from './decisions';
import {
  machineDeploymentCounts,
  type ReplicaCounts,
} from './machineDeploymentStatus';
import type {
  CapiCluster,
  KubeadmControlPlane,
  Machine,
  MachineDeployment,
  WithConditions,
} from './capiObjects';

const isTrue = (obj: WithConditions | undefined, type: string) =>
  findCondition(obj, type)?.status === 'True';

function sum(counts: ReplicaCounts[]): ReplicaCounts {
  return counts.reduce(
    (a, b) => ({
      desiredReplicas: a.desiredReplicas + b.desiredReplicas,
      replicas: a.replicas + b.replicas,
      readyReplicas: a.readyReplicas + b.readyReplicas,
      availableReplicas: a.availableReplicas + b.availableReplicas,
      upToDateReplicas: a.upToDateReplicas + b.upToDateReplicas,
    }),
    {
      desiredReplicas: 0,
      replicas: 0,
      readyReplicas: 0,
      availableReplicas: 0,
      upToDateReplicas: 0,
    },
  );
}

type MachineDeploymentWithMachines = {
  md: MachineDeployment;
  machines: Machine[];
};
type Probe = { ok: boolean; message?: string };

/** What the Cluster's conditions are decided on. */
interface ClusterFacts {
  deleting: boolean;
  controlPlaneInitialized: boolean;
  cpAvailable: boolean;
  workers: ReplicaCounts;
  unavailableMds: string[];
  workersAvailable: boolean;
  rolling: string[];
  scalingUp: string[];
  scalingDown: string[];
}

function clusterFacts(
  cluster: CapiCluster,
  kcp: KubeadmControlPlane | undefined,
  machineDeployments: MachineDeploymentWithMachines[],
): ClusterFacts {
  const unavailableMds = machineDeployments
    .filter(({ md }) => !isTrue(md, 'Available'))
    .map(({ md }) => md.metadata.name);
  const scaling = (type: string) =>
    machineDeployments
      .filter(({ md }) => isTrue(md, type))
      .map(({ md }) => md.metadata.name);
  return {
    deleting: isDeleting(cluster),
    controlPlaneInitialized: Boolean(kcp),
    cpAvailable: Boolean(kcp) && isTrue(kcp, 'Available'),
    workers: sum(
      machineDeployments.map(({ md, machines }) =>
        machineDeploymentCounts(md, machines),
      ),
    ),
    unavailableMds,
    workersAvailable: unavailableMds.length === 0,
    rolling: [kcp, ...machineDeployments.map(x => x.md)]
      .filter((o): o is KubeadmControlPlane | MachineDeployment => Boolean(o))
      .filter(o => isTrue(o, 'RollingOut'))
      .map(o => `${o.kind} ${o.metadata.name}`),
    scalingUp: scaling('ScalingUp'),
    scalingDown: scaling('ScalingDown'),
  };
}

/** Available, and why not: each missing part named. */
function availability(f: ClusterFacts, probe: Probe): ConditionInput {
  const isAvailable =
    !f.deleting && f.cpAvailable && f.workersAvailable && probe.ok;
  const why = [
    f.deleting ? 'Cluster is deleting' : '',
    f.cpAvailable ? '' : 'Control plane not available',
    f.workersAvailable
      ? ''
      : `MachineDeployments ${f.unavailableMds.join(', ')} not available`,
    probe.ok
      ? ''
      : `Remote connection probe failed: ${probe.message ?? ''}`.trim(),
  ].filter(Boolean);
  return condition('Available', isAvailable, AVAILABLE_REASONS, why.join('; '));
}

/** The RollingOut, ScalingUp and ScalingDown summaries of the Cluster's parts. */
function changeConditions(f: ClusterFacts): ConditionInput[] {
  return [
    condition(
      'RollingOut',
      f.rolling.length > 0,
      ['RollingOut', 'NotRollingOut'],
      f.rolling.length ? `Rolling out: ${f.rolling.join(', ')}` : '',
    ),
    condition(
      'ScalingUp',
      f.scalingUp.length > 0,
      ['ScalingUp', 'NotScalingUp'],
      f.scalingUp.length ? `Scaling up: ${f.scalingUp.join(', ')}` : '',
    ),
    condition(
      'ScalingDown',
      f.scalingDown.length > 0,
      ['ScalingDown', 'NotScalingDown'],
      f.scalingDown.length ? `Scaling down: ${f.scalingDown.join(', ')}` : '',
    ),
  ];
}

function clusterConditions(f: ClusterFacts, probe: Probe): ConditionInput[] {
  return [
    availability(f, probe),
    condition('InfrastructureReady', true, ['Ready', 'NotReady']),
    condition('ControlPlaneInitialized', f.controlPlaneInitialized, [
      'Initialized',
      'NotInitialized',
    ]),
    condition(
      'ControlPlaneAvailable',
      f.cpAvailable,
      AVAILABLE_REASONS,
      f.cpAvailable ? '' : 'Control plane not available',
    ),
    condition(
      'WorkersAvailable',
      f.workersAvailable,
      AVAILABLE_REASONS,
      f.workersAvailable ? '' : `${f.unavailableMds.join(', ')} not available`,
    ),
    condition(
      'RemoteConnectionProbe',
      probe.ok,
      ['ProbeSucceeded', 'ProbeFailed'],
      probe.ok ? '' : probe.message,
    ),
    ...changeConditions(f),
    f.deleting
      ? {
          type: 'Deleting',
          status: 'True',
          reason: 'WaitingForWorkersDeletion',
          message: `${f.workers.replicas} worker Machines still exist`,
        }
      : notSet('Deleting', 'NotDeleting'),
    notSet('Paused', 'NotPaused'),
  ];
}

/**
 * The Cluster's status from its control plane, its MachineDeployments (each
 * with its Machines) and whether its API server answers (CAPI's
 * RemoteConnectionProbe).
 */
export function clusterStatus(
  cluster: CapiCluster,
  kcp: KubeadmControlPlane | undefined,
  machineDeployments: MachineDeploymentWithMachines[],
  probe: Probe,
  zones: string[],
  now: Date,
) {
  const facts = clusterFacts(cluster, kcp, machineDeployments);
  return {
    ...(cluster.status ?? {}),
    phase: facts.deleting ? 'Deleting' : 'Provisioned',
    initialization: {
      infrastructureProvisioned: true,
      controlPlaneInitialized: Boolean(kcp),
    },
    controlPlane: {
      desiredReplicas: kcp?.spec?.replicas ?? 0,
      replicas: kcp?.status?.replicas ?? 0,
      readyReplicas: kcp?.status?.readyReplicas ?? 0,
      availableReplicas: kcp?.status?.availableReplicas ?? 0,
      upToDateReplicas: kcp?.status?.upToDateReplicas ?? 0,
    },
    workers: facts.workers,
    failureDomains: zones.map(name => ({ name, controlPlane: true })),
    observedGeneration: cluster.metadata?.generation,
    conditions: withConditions(
      cluster.status?.conditions as Condition[] | undefined,
      clusterConditions(facts, probe),
      now,
      cluster.metadata?.generation,
    ),
  };
}
