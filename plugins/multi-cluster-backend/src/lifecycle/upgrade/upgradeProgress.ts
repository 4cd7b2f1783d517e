/**
 * Where an upgrade stands, from what the management cluster reports, and
 * what Flotilla does next. As Cluster API upgrades a cluster: the control
 * plane first; the workers once it runs the new version (Cluster API's
 * "Upgrading workload clusters"). A classic cluster's MachineDeployments
 * are Flotilla's to move, one at a time (as the topology controller does by
 * default); a ClusterClass-managed cluster's are the topology controller's,
 * so its upgrade is only followed, to TopologyReconciled.
 */
import type {
  ClusterUpgradeStep,
  ClusterUpgradeStepStatus,
} from '@flotilla/plugin-multi-cluster-common';
import type {
  ObservedCluster,
  ObservedMachineDeployment,
} from './observedCluster';

export type UpgradeAction =
  | { kind: 'set-machine-deployment-version'; machineDeployment: string }
  | { kind: 'wait' }
  | { kind: 'done' }
  | { kind: 'fail'; reason: string };

export interface UpgradeProgress {
  steps: Omit<ClusterUpgradeStep, 'since'>[];
  action: UpgradeAction;
}

/** Rolled out: its controller saw its spec and every replica is new and ready. */
export function rolledOut(md: ObservedMachineDeployment): boolean {
  const replicas = md.replicas ?? 0;
  return (
    (md.observedGeneration ?? 0) >= (md.generation ?? 0) &&
    md.upToDateReplicas === replicas &&
    md.readyReplicas === replicas
  );
}

function describeMachineDeployment(md: ObservedMachineDeployment): string {
  return `version ${md.version ?? 'unknown'}; ${md.upToDateReplicas ?? 0}/${
    md.replicas ?? 0
  } up to date, ${md.readyReplicas ?? 0} ready`;
}

function machineDeploymentStatus(
  md: ObservedMachineDeployment,
  version: string,
): ClusterUpgradeStepStatus {
  if (md.version !== version) return 'pending';
  return rolledOut(md) ? 'done' : 'in-progress';
}

function controlPlaneStep(observed: ObservedCluster, version: string) {
  const cp = observed.controlPlane;
  let status: ClusterUpgradeStepStatus = 'pending';
  if (cp?.specVersion === version) {
    status = cp.statusVersion === version ? 'done' : 'in-progress';
  }
  return {
    kind: 'control-plane' as const,
    name: cp?.name ?? 'control plane',
    status,
    detail: `spec.version ${cp?.specVersion ?? 'unknown'}, status.version ${
      cp?.statusVersion ?? 'none yet'
    }`,
  };
}

function machineDeploymentSteps(observed: ObservedCluster, version: string) {
  return observed.machineDeployments.map(md => ({
    kind: 'machine-deployment' as const,
    name: md.name,
    status: machineDeploymentStatus(md, version),
    detail: describeMachineDeployment(md),
  }));
}

/** A version someone else set meanwhile ends the upgrade: it is not Flotilla's to undo. */
function overtaken(observed: ObservedCluster, version: string) {
  const current =
    observed.topologyVersion ?? observed.controlPlane?.specVersion;
  return current !== undefined && current !== version
    ? `${
        observed.topologyVersion !== undefined
          ? 'spec.topology.version'
          : 'the control plane spec.version'
      } is now ${current}: someone else changed the version`
    : undefined;
}

function classicProgress(
  observed: ObservedCluster,
  version: string,
): UpgradeProgress {
  const controlPlane = controlPlaneStep(observed, version);
  const workers = machineDeploymentSteps(observed, version);
  const steps = [controlPlane, ...workers];
  if (controlPlane.status !== 'done')
    return { steps, action: { kind: 'wait' } };
  const next = workers.find(w => w.status !== 'done');
  if (!next) return { steps, action: { kind: 'done' } };
  if (next.status === 'pending') {
    return {
      steps,
      action: {
        kind: 'set-machine-deployment-version',
        machineDeployment: next.name,
      },
    };
  }
  return { steps, action: { kind: 'wait' } };
}

function topologyProgress(
  observed: ObservedCluster,
  version: string,
): UpgradeProgress {
  const reconciled = observed.topologyReconciled;
  const steps = [
    controlPlaneStep(observed, version),
    ...machineDeploymentSteps(observed, version),
  ];
  const finished =
    steps.every(s => s.status === 'done') &&
    (reconciled === undefined || reconciled.status === 'True');
  return {
    steps: [
      {
        kind: 'topology',
        name: 'spec.topology.version',
        status: finished ? 'done' : 'in-progress',
        detail: reconciled
          ? `TopologyReconciled ${reconciled.status}${
              reconciled.reason ? ` (${reconciled.reason})` : ''
            }${reconciled.message ? `: ${reconciled.message}` : ''}`
          : 'TopologyReconciled not reported yet',
      },
      ...steps,
    ],
    action: { kind: finished ? 'done' : 'wait' },
  };
}

export function upgradeProgress(
  observed: ObservedCluster,
  version: string,
  management: 'classic' | 'topology',
): UpgradeProgress {
  const progress =
    management === 'topology'
      ? topologyProgress(observed, version)
      : classicProgress(observed, version);
  const reason = overtaken(observed, version);
  return reason ? { ...progress, action: { kind: 'fail', reason } } : progress;
}
