/**
 * The status Cluster API v1beta2 controllers write, computed from the objects
 * they own: Machines (phase, nodeRef, conditions), MachineDeployments
 * (replica counts, ScalingUp/ScalingDown/RollingOut), KubeadmControlPlanes
 * (version, RollingOut) and Clusters (controlPlane/workers summaries and the
 * Available/ControlPlaneAvailable/WorkersAvailable conditions). Pure.
 */
import {
  Condition,
  ConditionInput,
  condition,
  findCondition,
  timestamp,
  withConditions,
} from './conditions';
import { isDeleting, nodeVersionOf } from './decisions';
import { LABELS } from './model';
import type {
  CapiCluster,
  KubeadmControlPlane,
  Machine,
  MachineDeployment,
  MachineStatus,
  NodeInfo,
  WithConditions,
} from './capiObjects';

const available = ['Available', 'NotAvailable'] as [string, string];
const notSet = (type: string, reason: string): ConditionInput => ({
  type,
  status: 'False',
  reason,
});

/** Ready Machines: a Node joined and the Machine is not going away. */
export const isMachineReady = (m: Machine) =>
  !isDeleting(m) &&
  Boolean(m?.status?.nodeRef) &&
  ['Running', 'Updating'].includes(m?.status?.phase ?? '');

// ---- Machine -------------------------------------------------------------

export function machineStatus(
  machine: Machine,
  phase: 'Provisioning' | 'Running' | 'Updating' | 'Deleting',
  now: Date,
  node?: {
    name: string;
    nodeInfo?: NodeInfo;
    addresses?: MachineStatus['addresses'];
  },
): MachineStatus {
  const status: MachineStatus = { ...(machine.status ?? {}) };
  const joined = node ?? status.nodeRef;
  const version = machine.spec?.version;
  const nodeInfo = node?.nodeInfo ?? status.nodeInfo;
  const upToDate = !joined || !version || nodeInfo?.kubeletVersion === version;
  const ready = Boolean(joined) && phase !== 'Deleting';
  const provisioned = Boolean(joined);
  if (node) {
    status.nodeRef = { name: node.name };
    status.nodeInfo = node.nodeInfo;
    status.addresses = node.addresses;
  }
  status.phase = phase;
  status.failureDomain = machine.spec?.failureDomain;
  status.initialization = {
    bootstrapDataSecretCreated: true,
    infrastructureProvisioned: provisioned,
  };
  status.lastUpdated = timestamp(now);
  status.observedGeneration = machine.metadata?.generation;
  status.conditions = withConditions(
    status.conditions,
    [
      condition('BootstrapConfigReady', true, ['Ready', 'NotReady']),
      condition(
        'InfrastructureReady',
        provisioned,
        ['Ready', 'NotReady'],
        provisioned ? '' : 'Instance is being provisioned',
      ),
      condition(
        'NodeReady',
        ready,
        ['NodeReady', 'NodeNotReady'],
        joined ? '' : 'Waiting for a Node with spec.providerID to exist',
      ),
      condition('NodeHealthy', ready, ['NodeHealthy', 'NodeNotHealthy']),
      condition(
        'UpToDate',
        upToDate,
        ['UpToDate', 'NotUpToDate'],
        upToDate
          ? ''
          : `Version ${nodeInfo?.kubeletVersion}, ${version} required`,
      ),
      condition('Ready', ready, ['Ready', 'NotReady']),
      condition('Available', ready, available),
      phase === 'Deleting'
        ? {
            type: 'Deleting',
            status: 'True',
            reason: 'DrainingNode',
            message: `Drain and delete Node ${joined?.name ?? ''}`.trim(),
          }
        : notSet('Deleting', 'NotDeleting'),
      notSet('Paused', 'NotPaused'),
    ],
    now,
    machine.metadata?.generation,
  );
  return status;
}

// ---- MachineDeployment ---------------------------------------------------

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

export function machineDeploymentStatus(
  md: MachineDeployment,
  machines: Machine[],
  now: Date,
) {
  const c = machineDeploymentCounts(md, machines);
  const live = machines.filter(m => !isDeleting(m)).length;
  const scalingUp = live < c.desiredReplicas || c.replicas < c.desiredReplicas;
  const scalingDown = c.replicas > c.desiredReplicas;
  const rollingOut = c.upToDateReplicas < Math.min(live, c.desiredReplicas);
  const allReady = machines.length > 0 && c.readyReplicas === machines.length;
  const isAvailable = c.availableReplicas >= c.desiredReplicas;
  const version = md.spec?.template?.spec?.version;
  return {
    ...(md.status ?? {}),
    selector: selectorString(md.spec?.selector?.matchLabels ?? {}),
    replicas: c.replicas,
    readyReplicas: c.readyReplicas,
    availableReplicas: c.availableReplicas,
    upToDateReplicas: c.upToDateReplicas,
    versions: versions(machines),
    phase: mdPhase(scalingUp, scalingDown),
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
        condition(
          'Available',
          isAvailable,
          available,
          isAvailable
            ? ''
            : `${c.availableReplicas} available replicas, at least ${c.desiredReplicas} required (spec.strategy.rollout.maxUnavailable is 0, spec.replicas is ${c.desiredReplicas})`,
        ),
        condition(
          'MachinesReady',
          allReady || machines.length === 0,
          ['Ready', 'NotReady'],
          allReady || machines.length === 0
            ? ''
            : `${machines.length - c.readyReplicas} of ${
                machines.length
              } Machines not ready`,
        ),
        condition(
          'MachinesUpToDate',
          !rollingOut,
          ['UpToDate', 'NotUpToDate'],
          rollingOut ? `Machines not at version ${version}` : '',
        ),
        condition(
          'ScalingUp',
          scalingUp,
          ['ScalingUp', 'NotScalingUp'],
          scalingUp
            ? `Scaling up from ${live} to ${c.desiredReplicas} replicas`
            : '',
        ),
        condition(
          'ScalingDown',
          scalingDown,
          ['ScalingDown', 'NotScalingDown'],
          scalingDown
            ? `Scaling down from ${c.replicas} to ${c.desiredReplicas} replicas`
            : '',
        ),
        condition(
          'RollingOut',
          rollingOut,
          ['RollingOut', 'NotRollingOut'],
          rollingOut
            ? `Rolling out ${
                Math.min(live, c.desiredReplicas) - c.upToDateReplicas
              } not up-to-date replicas to ${version}`
            : '',
        ),
        notSet('Remediating', 'NotRemediating'),
        notSet('Deleting', 'NotDeleting'),
        notSet('Paused', 'NotPaused'),
      ],
      now,
      md.metadata?.generation,
    ),
  };
}

// ---- KubeadmControlPlane -------------------------------------------------

/**
 * The control plane's status; `runningVersion` is the version it runs now
 * and `rollingTo` the one a rollout is moving it to. Control-plane Machines
 * are not modelled: its replicas are reported as they are specified.
 */
export function controlPlaneStatus(
  kcp: KubeadmControlPlane,
  runningVersion: string,
  rollingTo: string | undefined,
  now: Date,
) {
  const replicas: number = kcp.spec?.replicas ?? 1;
  const cluster = kcp.metadata?.labels?.[LABELS.clusterName];
  const rolling = Boolean(rollingTo && rollingTo !== runningVersion);
  return {
    ...(kcp.status ?? {}),
    selector: `${LABELS.clusterName}=${cluster},${LABELS.controlPlane}`,
    replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
    upToDateReplicas: rolling ? 0 : replicas,
    version: runningVersion,
    versions: [{ version: runningVersion, replicas }],
    initialization: { controlPlaneInitialized: true },
    observedGeneration: kcp.metadata?.generation,
    deprecated: {
      v1beta1: {
        readyReplicas: replicas,
        updatedReplicas: rolling ? 0 : replicas,
        unavailableReplicas: 0,
      },
    },
    conditions: withConditions(
      kcp.status?.conditions,
      [
        condition('Available', true, available),
        condition('Initialized', true, ['Initialized', 'NotInitialized']),
        condition('CertificatesAvailable', true, ['Available', 'NotAvailable']),
        condition('EtcdClusterHealthy', true, ['Healthy', 'NotHealthy']),
        condition('ControlPlaneComponentsHealthy', true, [
          'Healthy',
          'NotHealthy',
        ]),
        condition('MachinesReady', true, ['Ready', 'NotReady']),
        condition(
          'MachinesUpToDate',
          !rolling,
          ['UpToDate', 'NotUpToDate'],
          rolling
            ? `${replicas} Machines at ${runningVersion}, ${rollingTo} required`
            : '',
        ),
        condition(
          'RollingOut',
          rolling,
          ['RollingOut', 'NotRollingOut'],
          rolling
            ? `Rolling out ${replicas} not up-to-date replicas: ${runningVersion} -> ${rollingTo}`
            : '',
        ),
        notSet('ScalingUp', 'NotScalingUp'),
        notSet('ScalingDown', 'NotScalingDown'),
        notSet('Remediating', 'NotRemediating'),
        notSet('Deleting', 'NotDeleting'),
        notSet('Paused', 'NotPaused'),
      ],
      now,
      kcp.metadata?.generation,
    ),
  };
}

// ---- Cluster -------------------------------------------------------------

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

/**
 * The Cluster's status from its control plane, its MachineDeployments (each
 * with its Machines) and whether its API server answers (CAPI's
 * RemoteConnectionProbe).
 */
export function clusterStatus(
  cluster: CapiCluster,
  kcp: KubeadmControlPlane | undefined,
  machineDeployments: Array<{ md: MachineDeployment; machines: Machine[] }>,
  probe: { ok: boolean; message?: string },
  zones: string[],
  now: Date,
) {
  const deleting = isDeleting(cluster);
  const cpAvailable = Boolean(kcp) && isTrue(kcp, 'Available');
  const cpReplicas: number = kcp?.spec?.replicas ?? 0;
  const workers = sum(
    machineDeployments.map(({ md, machines }) =>
      machineDeploymentCounts(md, machines),
    ),
  );
  const unavailableMds = machineDeployments
    .filter(({ md }) => !isTrue(md, 'Available'))
    .map(({ md }) => md.metadata.name);
  const workersAvailable = unavailableMds.length === 0;
  const rolling = [kcp, ...machineDeployments.map(x => x.md)]
    .filter((o): o is KubeadmControlPlane | MachineDeployment => Boolean(o))
    .filter(o => isTrue(o, 'RollingOut'))
    .map(o => `${o.kind} ${o.metadata.name}`);
  const scaling = (type: string) =>
    machineDeployments
      .filter(({ md }) => isTrue(md, type))
      .map(({ md }) => md.metadata.name);
  const scalingUp = scaling('ScalingUp');
  const scalingDown = scaling('ScalingDown');
  const isAvailable = !deleting && cpAvailable && workersAvailable && probe.ok;
  const why = [
    deleting ? 'Cluster is deleting' : '',
    cpAvailable ? '' : 'Control plane not available',
    workersAvailable
      ? ''
      : `MachineDeployments ${unavailableMds.join(', ')} not available`,
    probe.ok
      ? ''
      : `Remote connection probe failed: ${probe.message ?? ''}`.trim(),
  ].filter(Boolean);
  const conditions: ConditionInput[] = [
    condition('Available', isAvailable, available, why.join('; ')),
    condition('InfrastructureReady', true, ['Ready', 'NotReady']),
    condition('ControlPlaneInitialized', Boolean(kcp), [
      'Initialized',
      'NotInitialized',
    ]),
    condition(
      'ControlPlaneAvailable',
      cpAvailable,
      available,
      cpAvailable ? '' : 'Control plane not available',
    ),
    condition(
      'WorkersAvailable',
      workersAvailable,
      available,
      workersAvailable ? '' : `${unavailableMds.join(', ')} not available`,
    ),
    condition(
      'RemoteConnectionProbe',
      probe.ok,
      ['ProbeSucceeded', 'ProbeFailed'],
      probe.ok ? '' : probe.message,
    ),
    condition(
      'RollingOut',
      rolling.length > 0,
      ['RollingOut', 'NotRollingOut'],
      rolling.length ? `Rolling out: ${rolling.join(', ')}` : '',
    ),
    condition(
      'ScalingUp',
      scalingUp.length > 0,
      ['ScalingUp', 'NotScalingUp'],
      scalingUp.length ? `Scaling up: ${scalingUp.join(', ')}` : '',
    ),
    condition(
      'ScalingDown',
      scalingDown.length > 0,
      ['ScalingDown', 'NotScalingDown'],
      scalingDown.length ? `Scaling down: ${scalingDown.join(', ')}` : '',
    ),
    deleting
      ? {
          type: 'Deleting',
          status: 'True',
          reason: 'WaitingForWorkersDeletion',
          message: `${workers.replicas} worker Machines still exist`,
        }
      : notSet('Deleting', 'NotDeleting'),
    notSet('Paused', 'NotPaused'),
  ];
  return {
    ...(cluster.status ?? {}),
    phase: deleting ? 'Deleting' : 'Provisioned',
    initialization: {
      infrastructureProvisioned: true,
      controlPlaneInitialized: Boolean(kcp),
    },
    controlPlane: {
      desiredReplicas: cpReplicas,
      replicas: kcp?.status?.replicas ?? 0,
      readyReplicas: kcp?.status?.readyReplicas ?? 0,
      availableReplicas: kcp?.status?.availableReplicas ?? 0,
      upToDateReplicas: kcp?.status?.upToDateReplicas ?? 0,
    },
    workers,
    failureDomains: zones.map(name => ({ name, controlPlane: true })),
    observedGeneration: cluster.metadata?.generation,
    conditions: withConditions(
      cluster.status?.conditions as Condition[] | undefined,
      conditions,
      now,
      cluster.metadata?.generation,
    ),
  };
}

/** Structural equality, whatever the key order (the API server reorders keys). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const ka = Object.keys(left).filter(k => left[k] !== undefined);
  const kb = Object.keys(right).filter(k => right[k] !== undefined);
  return ka.length === kb.length && ka.every(k => deepEqual(left[k], right[k]));
}

/**
 * Whether a status write would change anything but `lastUpdated`, which
 * moves on every pass: controllers write only on change.
 */
export function sameStatus(a: unknown, b: unknown): boolean {
  const strip = (s: unknown) => {
    if (!s || typeof s !== 'object') return s;
    const { lastUpdated, ...rest } = s as Record<string, unknown>;
    return rest;
  };
  return deepEqual(strip(a), strip(b));
}
