/**
 * Cases of Cluster API v1.11.9 `exp/topology/desiredstate/desired_state_test.go`
 * (`TestComputeControlPlaneVersion`, `TestComputeMachineDeploymentVersion`)
 * and `internal/controllers/topology/cluster/conditions_test.go`
 * (TopologyReconciled messages): the expected versions and messages are
 * upstream's.
 */
import {
  isMachineDeploymentUpgrading,
  topologyPlan,
  TopologyInput,
} from './topologyVersions';

const input = (over: Partial<TopologyInput>): TopologyInput => ({
  desired: 'v1.2.3',
  concurrency: 1,
  controlPlane: { specVersion: 'v1.2.2', statusVersion: 'v1.2.2' },
  machineDeployments: [],
  ...over,
});

describe('topologyPlan: the control plane (computeControlPlaneVersion)', () => {
  it('takes the topology version when the control plane and workers are stable', () => {
    expect(topologyPlan(input({})).controlPlaneVersion).toBe('v1.2.3');
  });

  it('keeps spec.version while the control plane upgrades (spec above status)', () => {
    const plan = topologyPlan(
      input({
        controlPlane: { specVersion: 'v1.2.2', statusVersion: 'v1.2.1' },
      }),
    );
    expect(plan.controlPlaneVersion).toBe('v1.2.2');
    expect(plan.topologyReconciled).toEqual({
      type: 'TopologyReconciled',
      status: 'False',
      reason: 'ControlPlaneUpgradePending',
      message:
        'Control plane rollout and upgrade to version v1.2.3 on hold. Control plane is upgrading to version v1.2.2',
    });
  });

  it('keeps spec.version while it is provisioning (no status.version)', () => {
    const plan = topologyPlan(
      input({ controlPlane: { specVersion: 'v1.2.2' } }),
    );
    expect(plan.controlPlaneVersion).toBe('v1.2.2');
    expect(plan.topologyReconciled.message).toBe(
      'Control plane rollout and upgrade to version v1.2.3 on hold. Control plane is completing initial provisioning',
    );
  });

  it('keeps spec.version while a MachineDeployment is upgrading', () => {
    const plan = topologyPlan(
      input({
        machineDeployments: [
          { name: 'md0-abc123', version: 'v1.2.2', upgrading: true },
        ],
      }),
    );
    expect(plan.controlPlaneVersion).toBe('v1.2.2');
    expect(plan.topologyReconciled.message).toBe(
      'Control plane rollout and upgrade to version v1.2.3 on hold. MachineDeployment(s) md0-abc123 are upgrading',
    );
  });
});

describe('topologyPlan: MachineDeployments (computeMachineDeploymentVersion)', () => {
  const md = { name: 'md1', version: 'v1.2.2', upgrading: false };

  it('keeps their version while the control plane starts its upgrade', () => {
    const plan = topologyPlan(input({ machineDeployments: [md] }));
    expect(plan.controlPlaneVersion).toBe('v1.2.3');
    expect(plan.machineDeploymentVersions).toEqual({ md1: 'v1.2.2' });
    expect(plan.topologyReconciled).toMatchObject({
      status: 'False',
      reason: 'MachineDeploymentsUpgradePending',
      message:
        'MachineDeployment(s) md1 rollout and upgrade to version v1.2.3 on hold.',
    });
  });

  it('keeps their version while the control plane upgrades', () => {
    const plan = topologyPlan(
      input({
        controlPlane: { specVersion: 'v1.2.3', statusVersion: 'v1.2.2' },
        machineDeployments: [md],
      }),
    );
    expect(plan.machineDeploymentVersions).toEqual({ md1: 'v1.2.2' });
  });

  it('takes the topology version once the control plane runs it, one at a time', () => {
    const plan = topologyPlan(
      input({
        controlPlane: { specVersion: 'v1.2.3', statusVersion: 'v1.2.3' },
        machineDeployments: [md, { ...md, name: 'md2' }],
      }),
    );
    expect(plan.controlPlaneVersion).toBe('v1.2.3');
    expect(plan.machineDeploymentVersions).toEqual({
      md1: 'v1.2.3',
      md2: 'v1.2.2',
    });
    expect(plan.topologyReconciled.message).toBe(
      'MachineDeployment(s) md2 rollout and upgrade to version v1.2.3 on hold. MachineDeployment(s) md1 are upgrading',
    );
  });

  it('honours the upgrade concurrency (limit reached, and not reached)', () => {
    const stableCp = { specVersion: 'v1.2.3', statusVersion: 'v1.2.3' };
    const upgrading = (name: string) => ({
      name,
      version: 'v1.2.3',
      upgrading: true,
    });
    expect(
      topologyPlan(
        input({
          concurrency: 2,
          controlPlane: stableCp,
          machineDeployments: [upgrading('upgrading-md1'), md],
        }),
      ).machineDeploymentVersions.md1,
    ).toBe('v1.2.3');
    expect(
      topologyPlan(
        input({
          concurrency: 2,
          controlPlane: stableCp,
          machineDeployments: [
            upgrading('upgrading-md1'),
            upgrading('upgrading-md2'),
            md,
          ],
        }),
      ).machineDeploymentVersions.md1,
    ).toBe('v1.2.2');
  });

  it('reports the topology reconciled once every spec is at the version', () => {
    expect(
      topologyPlan(
        input({
          controlPlane: { specVersion: 'v1.2.3', statusVersion: 'v1.2.3' },
          machineDeployments: [{ ...md, version: 'v1.2.3' }],
        }),
      ).topologyReconciled,
    ).toEqual({
      type: 'TopologyReconciled',
      status: 'True',
      reason: 'ReconcileSucceeded',
    });
  });
});

describe('isMachineDeploymentUpgrading (internal/topology/check/upgrade.go)', () => {
  it('is upgrading while a Machine is not at its version', () => {
    expect(isMachineDeploymentUpgrading('v1.2.3', ['v1.2.3', 'v1.2.2'])).toBe(
      true,
    );
    expect(isMachineDeploymentUpgrading('v1.2.3', ['v1.2.3'])).toBe(false);
    expect(isMachineDeploymentUpgrading(undefined, ['v1.2.2'])).toBe(false);
  });
});
