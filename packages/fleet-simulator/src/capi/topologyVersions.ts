/**
 * The versions Cluster API's topology controller gives a managed Cluster's
 * control plane and MachineDeployments, and its TopologyReconciled
 * condition, as Cluster API v1.11.9 decides them:
 * `exp/topology/desiredstate/desired_state.go`
 * (`computeControlPlaneVersion`, `computeMachineDeploymentVersion`),
 * `internal/contract/controlplane.go` (`IsProvisioning`, `IsUpgrading`),
 * `internal/topology/check/upgrade.go` (`IsMachineDeploymentUpgrading`),
 * `exp/topology/scope/upgradetracker.go` (`IsControlPlaneStable`, upgrade
 * concurrency 1 unless the Cluster's
 * `topology.cluster.x-k8s.io/upgrade-concurrency` annotation says more) and
 * `internal/controllers/topology/cluster/conditions.go`. Runtime hooks and
 * deferred upgrades are not modelled.
 */
import type { ConditionInput } from './conditions';
import { compareVersions } from './versions';

export interface TopologyInput {
  /** `spec.topology.version` of the Cluster. */
  desired: string;
  concurrency: number;
  controlPlane: { specVersion?: string; statusVersion?: string };
  /** In the topology's order. */
  machineDeployments: Array<{
    name: string;
    version?: string;
    /** Some of its Machines are not at its version yet. */
    upgrading: boolean;
  }>;
}

export interface TopologyPlan {
  controlPlaneVersion?: string;
  machineDeploymentVersions: Record<string, string | undefined>;
  topologyReconciled: ConditionInput;
}

interface ControlPlaneTracker {
  pendingUpgrade: boolean;
  provisioning: boolean;
  upgrading: boolean;
  startingUpgrade: boolean;
}

/** `IsMachineDeploymentUpgrading`: a Machine not at the MachineDeployment's version. */
export function isMachineDeploymentUpgrading(
  version: string | undefined,
  machineVersions: Array<string | undefined>,
): boolean {
  if (!version) return false;
  return machineVersions.some(v => v !== version);
}

function controlPlaneVersion(
  input: TopologyInput,
  tracker: ControlPlaneTracker,
): string | undefined {
  const { specVersion: current, statusVersion } = input.controlPlane;
  if (current === undefined) return input.desired;
  tracker.pendingUpgrade = current !== input.desired;
  if (!statusVersion) {
    tracker.provisioning = true;
    return current;
  }
  if (compareVersions(current, statusVersion) >= 1) {
    tracker.upgrading = true;
    return current;
  }
  if (!tracker.pendingUpgrade) return current;
  if (input.machineDeployments.some(md => md.upgrading)) return current;
  tracker.pendingUpgrade = false;
  tracker.startingUpgrade = true;
  return input.desired;
}

const stable = (t: ControlPlaneTracker) =>
  !t.provisioning && !t.upgrading && !t.startingUpgrade && !t.pendingUpgrade;

const nameList = (names: string[]) =>
  (names.length > 5 ? [...names.slice(0, 5), '...'] : names).join(', ');

function reconciled(
  input: TopologyInput,
  tracker: ControlPlaneTracker,
  pending: string[],
  upgrading: string[],
): ConditionInput {
  if (!tracker.pendingUpgrade && pending.length === 0) {
    return {
      type: 'TopologyReconciled',
      status: 'True',
      reason: 'ReconcileSucceeded',
    };
  }
  let message = tracker.pendingUpgrade
    ? `Control plane rollout and upgrade to version ${input.desired} on hold.`
    : `MachineDeployment(s) ${nameList(
        pending,
      )} rollout and upgrade to version ${input.desired} on hold.`;
  if (tracker.provisioning) {
    message += ' Control plane is completing initial provisioning';
  } else if (tracker.upgrading) {
    message += ` Control plane is upgrading to version ${input.controlPlane.specVersion}`;
  } else if (upgrading.length > 0) {
    message += ` MachineDeployment(s) ${nameList(upgrading)} are upgrading`;
  }
  return {
    type: 'TopologyReconciled',
    status: 'False',
    reason: tracker.pendingUpgrade
      ? 'ControlPlaneUpgradePending'
      : 'MachineDeploymentsUpgradePending',
    message,
  };
}

export function topologyPlan(input: TopologyInput): TopologyPlan {
  const tracker: ControlPlaneTracker = {
    pendingUpgrade: true,
    provisioning: false,
    upgrading: false,
    startingUpgrade: false,
  };
  const cpVersion = controlPlaneVersion(input, tracker);
  const upgrading = new Set(
    input.machineDeployments.filter(md => md.upgrading).map(md => md.name),
  );
  const pending: string[] = [];
  const versions: Record<string, string | undefined> = {};
  for (const md of input.machineDeployments) {
    versions[md.name] = md.version;
    if (md.version === input.desired) continue;
    if (upgrading.size >= input.concurrency || !stable(tracker)) {
      pending.push(md.name);
      continue;
    }
    upgrading.add(md.name);
    versions[md.name] = input.desired;
  }
  return {
    controlPlaneVersion: cpVersion,
    machineDeploymentVersions: versions,
    topologyReconciled: reconciled(
      input,
      tracker,
      pending.sort(),
      [...upgrading].sort(),
    ),
  };
}
