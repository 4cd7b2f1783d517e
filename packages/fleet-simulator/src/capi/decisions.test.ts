import {
  controlPlaneStep,
  machineStep,
  machinesToUpdate,
  replicaPlan,
} from './decisions';
import { withConditions } from './conditions';

const MD = 'prod-us-east-azure-1-md-batch';

function machine(
  index: number,
  opts: {
    deleting?: string;
    phase?: string;
    node?: boolean;
    version?: string;
    kubelet?: string;
    createdAt?: string;
    conditions?: any[];
  } = {},
) {
  return {
    metadata: {
      name: `${MD}-${index}`,
      annotations: opts.createdAt
        ? { 'flotilla.io/created-at': opts.createdAt }
        : {},
      ...(opts.deleting ? { deletionTimestamp: opts.deleting } : {}),
    },
    spec: { version: opts.version ?? 'v1.31.4' },
    status: {
      phase: opts.phase,
      ...(opts.node ? { nodeRef: { name: `${MD}-${index}` } } : {}),
      ...(opts.kubelet ? { nodeInfo: { kubeletVersion: opts.kubelet } } : {}),
      conditions: opts.conditions,
    },
  };
}

describe('replicaPlan', () => {
  it('adds the lowest free indexes when scaling up', () => {
    const machines = [machine(0), machine(1), machine(3)];
    expect(replicaPlan(MD, 5, machines)).toEqual({
      create: [2, 4],
      remove: [],
    });
  });

  it('removes the newest (highest index) Machines when scaling down', () => {
    const machines = [0, 1, 2, 3, 4].map(i => machine(i));
    expect(replicaPlan(MD, 2, machines)).toEqual({
      create: [],
      remove: [`${MD}-4`, `${MD}-3`, `${MD}-2`],
    });
  });

  it('does not count Machines being deleted, nor reuse their names', () => {
    const machines = [
      machine(0),
      machine(1, { deleting: '2026-01-01T00:00:00Z' }),
    ];
    expect(replicaPlan(MD, 2, machines)).toEqual({ create: [2], remove: [] });
  });

  it('changes nothing at the desired count', () => {
    expect(replicaPlan(MD, 2, [machine(0), machine(1)])).toEqual({
      create: [],
      remove: [],
    });
  });
});

describe('machinesToUpdate', () => {
  const at = (i: number, version: string, kubelet: string) =>
    machine(i, { node: true, version, kubelet });

  it('updates a quarter of the Machines at once, lowest index first', () => {
    const machines = [0, 1, 2, 3, 4, 5].map(i => at(i, 'v1.31.4', 'v1.31.4'));
    expect(machinesToUpdate(MD, 'v1.32.0', machines)).toEqual([
      `${MD}-0`,
      `${MD}-1`,
    ]);
  });

  it('waits while the batch has not updated its Nodes yet', () => {
    const machines = [
      at(0, 'v1.32.0', 'v1.31.4'),
      at(1, 'v1.31.4', 'v1.31.4'),
      at(2, 'v1.31.4', 'v1.31.4'),
    ];
    expect(machinesToUpdate(MD, 'v1.32.0', machines)).toEqual([]);
  });

  it('moves on once updated Machines run the version', () => {
    const machines = [at(0, 'v1.32.0', 'v1.32.0'), at(1, 'v1.31.4', 'v1.31.4')];
    expect(machinesToUpdate(MD, 'v1.32.0', machines)).toEqual([`${MD}-1`]);
  });
});

describe('machineStep', () => {
  const now = new Date('2026-01-01T00:00:10Z');

  it('marks a new Machine Provisioning, then provisions it after the delay', () => {
    const fresh = machine(0, { createdAt: '2026-01-01T00:00:09.500Z' });
    expect(machineStep(fresh, now, 2000)).toEqual({
      kind: 'mark',
      phase: 'Provisioning',
    });
    const provisioning = machine(0, {
      createdAt: '2026-01-01T00:00:09.500Z',
      phase: 'Provisioning',
    });
    expect(machineStep(provisioning, now, 2000)).toEqual({
      kind: 'wait',
      ms: 1500,
      phase: 'Provisioning',
    });
    expect(
      machineStep(provisioning, new Date('2026-01-01T00:00:11.500Z'), 2000),
    ).toEqual({ kind: 'provision' });
  });

  it('updates the Node of a Machine whose version changed after the delay', () => {
    const changed = machine(0, {
      node: true,
      phase: 'Running',
      version: 'v1.32.0',
      kubelet: 'v1.31.4',
    });
    expect(machineStep(changed, now, 2000)).toEqual({
      kind: 'mark',
      phase: 'Updating',
    });
    const updating = machine(0, {
      node: true,
      phase: 'Updating',
      version: 'v1.32.0',
      kubelet: 'v1.31.4',
      conditions: withConditions(
        [],
        [{ type: 'UpToDate', status: 'False', reason: 'NotUpToDate' }],
        new Date('2026-01-01T00:00:07Z'),
      ),
    });
    expect(machineStep(updating, now, 2000)).toEqual({
      kind: 'update',
      version: 'v1.32.0',
    });
  });

  it('releases a deleted Machine once its delay has passed', () => {
    const deleted = machine(0, {
      node: true,
      phase: 'Running',
      deleting: '2026-01-01T00:00:09Z',
    });
    expect(machineStep(deleted, now, 2000)).toEqual({
      kind: 'mark',
      phase: 'Deleting',
    });
    const deleting = {
      ...deleted,
      status: { ...deleted.status, phase: 'Deleting' },
    };
    expect(machineStep(deleting, now, 2000)).toEqual({
      kind: 'wait',
      ms: 1000,
      phase: 'Deleting',
    });
    expect(
      machineStep(deleting, new Date('2026-01-01T00:00:11Z'), 2000),
    ).toEqual({ kind: 'release' });
  });

  it('leaves a Running Machine at its version alone', () => {
    expect(
      machineStep(
        machine(0, { node: true, phase: 'Running', kubelet: 'v1.31.4' }),
        now,
        2000,
      ),
    ).toEqual({ kind: 'steady' });
  });
});

describe('controlPlaneStep', () => {
  const kcp = (spec: string, status?: string, rollingSince?: string) => ({
    spec: { version: spec },
    status: {
      version: status,
      conditions: rollingSince
        ? [
            {
              type: 'RollingOut',
              status: 'True',
              reason: 'RollingOut',
              message: '',
              lastTransitionTime: rollingSince,
            },
          ]
        : [],
    },
  });
  const now = new Date('2026-01-01T00:01:00Z');

  it('comes up at its spec version', () => {
    expect(controlPlaneStep(kcp('v1.31.4'), now, 5000)).toEqual({
      kind: 'initialize',
      version: 'v1.31.4',
    });
  });

  it('starts, waits out and finishes a rollout', () => {
    expect(controlPlaneStep(kcp('v1.32.0', 'v1.31.4'), now, 5000)).toEqual({
      kind: 'start',
      from: 'v1.31.4',
      to: 'v1.32.0',
    });
    expect(
      controlPlaneStep(
        kcp('v1.32.0', 'v1.31.4', '2026-01-01T00:00:58Z'),
        now,
        5000,
      ),
    ).toEqual({ kind: 'wait', ms: 3000, from: 'v1.31.4', to: 'v1.32.0' });
    expect(
      controlPlaneStep(
        kcp('v1.32.0', 'v1.31.4', '2026-01-01T00:00:54Z'),
        now,
        5000,
      ),
    ).toEqual({ kind: 'finish', from: 'v1.31.4', to: 'v1.32.0' });
  });

  it('is steady when it runs its spec version', () => {
    expect(controlPlaneStep(kcp('v1.31.4', 'v1.31.4'), now, 5000)).toEqual({
      kind: 'steady',
    });
  });
});
