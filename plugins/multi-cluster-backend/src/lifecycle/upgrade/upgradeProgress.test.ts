/**
 * The order Cluster API prescribes ("Upgrading workload clusters",
 * cluster-api.sigs.k8s.io/tasks/upgrading-clusters): the control plane
 * first, then the worker machines; a ClusterClass-managed cluster's
 * MachineDeployments follow its control plane through the topology
 * controller (Cluster API v1.11.9 exp/topology/desiredstate/desired_state.go),
 * so Flotilla only follows them, to the Cluster's TopologyReconciled.
 */
import type { ObservedCluster } from './observedCluster';
import { upgradeProgress } from './upgradeProgress';

const md = (name: string, version: string, rolled = true) => ({
  name,
  version,
  replicas: 2,
  generation: 3,
  observedGeneration: rolled ? 3 : 2,
  upToDateReplicas: rolled ? 2 : 0,
  readyReplicas: 2,
});

const classic = (
  cp: [string, string | undefined],
  mds: ObservedCluster['machineDeployments'],
): ObservedCluster => ({
  controlPlane: {
    name: 'c-control-plane',
    specVersion: cp[0],
    statusVersion: cp[1],
  },
  machineDeployments: mds,
});

const action = (
  o: ObservedCluster,
  management: 'classic' | 'topology' = 'classic',
) => upgradeProgress(o, 'v1.32.2', management).action;

describe('upgradeProgress: a classic cluster', () => {
  it('waits for the control plane to run the version before touching workers', () => {
    const progress = upgradeProgress(
      classic(['v1.32.2', 'v1.32.1'], [md('c-md-a', 'v1.32.1')]),
      'v1.32.2',
      'classic',
    );
    expect(progress.action).toEqual({ kind: 'wait' });
    expect(progress.steps.map(s => [s.name, s.status])).toEqual([
      ['c-control-plane', 'in-progress'],
      ['c-md-a', 'pending'],
    ]);
  });

  it('then moves the MachineDeployments one at a time, each once the previous rolled out', () => {
    const running = ['v1.32.2', 'v1.32.2'] as [string, string];
    expect(
      action(
        classic(running, [md('c-md-a', 'v1.32.1'), md('c-md-b', 'v1.32.1')]),
      ),
    ).toEqual({
      kind: 'set-machine-deployment-version',
      machineDeployment: 'c-md-a',
    });
    expect(
      action(
        classic(running, [
          md('c-md-a', 'v1.32.2', false),
          md('c-md-b', 'v1.32.1'),
        ]),
      ),
    ).toEqual({ kind: 'wait' });
    expect(
      action(
        classic(running, [md('c-md-a', 'v1.32.2'), md('c-md-b', 'v1.32.1')]),
      ),
    ).toEqual({
      kind: 'set-machine-deployment-version',
      machineDeployment: 'c-md-b',
    });
    expect(
      action(
        classic(running, [md('c-md-a', 'v1.32.2'), md('c-md-b', 'v1.32.2')]),
      ),
    ).toEqual({ kind: 'done' });
  });

  it('counts a MachineDeployment rolled out only once its controller saw the change', () => {
    const seenLate = { ...md('c-md-a', 'v1.32.2'), observedGeneration: 2 };
    expect(action(classic(['v1.32.2', 'v1.32.2'], [seenLate]))).toEqual({
      kind: 'wait',
    });
  });

  it('ends failed when someone else set another version meanwhile', () => {
    expect(action(classic(['v1.32.3', 'v1.32.2'], []))).toEqual({
      kind: 'fail',
      reason:
        'the control plane spec.version is now v1.32.3: someone else changed the version',
    });
  });
});

describe('upgradeProgress: a ClusterClass-managed cluster', () => {
  const topology = (
    cp: [string, string],
    mds: ObservedCluster['machineDeployments'],
    reconciled = 'True',
  ): ObservedCluster => ({
    ...classic(cp, mds),
    topologyVersion: 'v1.32.2',
    topologyReconciled: { status: reconciled, reason: 'ReconcileSucceeded' },
  });

  it('never writes a MachineDeployment: it follows the topology controller', () => {
    const progress = upgradeProgress(
      topology(['v1.32.2', 'v1.32.2'], [md('c-md-a', 'v1.32.1')], 'False'),
      'v1.32.2',
      'topology',
    );
    expect(progress.action).toEqual({ kind: 'wait' });
    expect(progress.steps.map(s => [s.kind, s.status])).toEqual([
      ['topology', 'in-progress'],
      ['control-plane', 'done'],
      ['machine-deployment', 'pending'],
    ]);
  });

  it('is done once every object runs the version and the topology is reconciled', () => {
    expect(
      action(
        topology(['v1.32.2', 'v1.32.2'], [md('c-md-a', 'v1.32.2')]),
        'topology',
      ),
    ).toEqual({ kind: 'done' });
    expect(
      action(
        topology(['v1.32.2', 'v1.32.2'], [md('c-md-a', 'v1.32.2')], 'False'),
        'topology',
      ),
    ).toEqual({ kind: 'wait' });
  });
});
