import {
  clusterStatus,
  controlPlaneStatus,
  machineDeploymentStatus,
  machineStatus,
  sameStatus,
} from './status';

const now = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-01-01T00:05:00Z');
const cond = (obj: any, type: string) =>
  obj.conditions.find((c: any) => c.type === type);

const md = (replicas: number, version = 'v1.31.4') => ({
  kind: 'MachineDeployment',
  metadata: { name: 'c1-md-0', generation: 2 },
  spec: {
    replicas,
    selector: {
      matchLabels: {
        'cluster.x-k8s.io/cluster-name': 'c1',
        'cluster.x-k8s.io/deployment-name': 'c1-md-0',
      },
    },
    template: { spec: { version } },
  },
});

const running = (i: number, version = 'v1.31.4', kubelet = version) => ({
  metadata: { name: `c1-md-0-${i}` },
  spec: { version },
  status: {
    phase: 'Running',
    nodeRef: { name: `c1-md-0-${i}` },
    nodeInfo: { kubeletVersion: kubelet },
  },
});

describe('machineStatus', () => {
  it('reports a joined Machine Running, ready and up to date', () => {
    const m = {
      metadata: { name: 'm', generation: 1 },
      spec: { version: 'v1.31.4' },
    };
    const status = machineStatus(m, 'Running', now, {
      name: 'm',
      nodeInfo: { kubeletVersion: 'v1.31.4' },
      addresses: [{ type: 'InternalIP', address: '10.0.0.1' }],
    });
    expect(status.phase).toBe('Running');
    expect(status.nodeRef).toEqual({ name: 'm' });
    expect(cond(status, 'Ready').status).toBe('True');
    expect(cond(status, 'UpToDate').status).toBe('True');
  });

  it('reports a Machine whose Node runs an older kubelet as not up to date', () => {
    const m = {
      metadata: { name: 'm' },
      spec: { version: 'v1.32.0' },
      status: running(0).status,
    };
    const status = machineStatus(m, 'Updating', now);
    expect(cond(status, 'UpToDate')).toMatchObject({
      status: 'False',
      message: 'Version v1.31.4, v1.32.0 required',
    });
    expect(cond(status, 'Ready').status).toBe('True');
  });
});

describe('machineDeploymentStatus', () => {
  it('counts Machines and says it is scaling up while fewer are ready', () => {
    const status = machineDeploymentStatus(
      md(3),
      [
        running(0),
        running(1),
        {
          metadata: { name: 'c1-md-0-2' },
          spec: {},
          status: { phase: 'Provisioning' },
        },
      ],
      now,
    );
    expect(status).toMatchObject({
      replicas: 3,
      readyReplicas: 2,
      availableReplicas: 2,
      phase: 'Running',
      selector:
        'cluster.x-k8s.io/cluster-name=c1,cluster.x-k8s.io/deployment-name=c1-md-0',
    });
    expect(cond(status, 'Available').status).toBe('False');
    expect(cond(status, 'MachinesReady').status).toBe('False');
  });

  it('says ScalingDown while a deleted Machine is still there', () => {
    const deleting = {
      ...running(2),
      metadata: {
        name: 'c1-md-0-2',
        deletionTimestamp: '2026-01-01T00:00:00Z',
      },
    };
    const status = machineDeploymentStatus(
      md(2),
      [running(0), running(1), deleting],
      now,
    );
    expect(status.phase).toBe('ScalingDown');
    expect(cond(status, 'ScalingDown').status).toBe('True');
    expect(cond(status, 'Available').status).toBe('True');
  });

  it('is RollingOut until every Machine runs the template version', () => {
    const status = machineDeploymentStatus(
      md(2, 'v1.32.0'),
      [running(0, 'v1.32.0'), running(1)],
      now,
    );
    expect(status.upToDateReplicas).toBe(1);
    expect(cond(status, 'RollingOut')).toMatchObject({
      status: 'True',
      reason: 'RollingOut',
    });
    expect(status.versions).toEqual([
      { version: 'v1.31.4', replicas: 1 },
      { version: 'v1.32.0', replicas: 1 },
    ]);
  });

  it('keeps transition times and is the same status on a second pass', () => {
    const first = machineDeploymentStatus(md(2), [running(0), running(1)], now);
    const second = machineDeploymentStatus(
      { ...md(2), status: first },
      [running(0), running(1)],
      later,
    );
    expect(sameStatus(first, second)).toBe(true);
    expect(cond(second, 'Available').lastTransitionTime).toBe(
      '2026-01-01T00:00:00Z',
    );
  });
});

describe('controlPlaneStatus and clusterStatus', () => {
  const kcp = {
    kind: 'KubeadmControlPlane',
    metadata: {
      name: 'c1-control-plane',
      labels: { 'cluster.x-k8s.io/cluster-name': 'c1' },
    },
    spec: { replicas: 3, version: 'v1.32.0' },
  };

  it('reports a rollout on the control plane and the Cluster', () => {
    const cpStatus = controlPlaneStatus(kcp, 'v1.31.4', 'v1.32.0', now);
    expect(cpStatus).toMatchObject({
      version: 'v1.31.4',
      upToDateReplicas: 0,
      readyReplicas: 3,
      initialization: { controlPlaneInitialized: true },
    });
    expect(cond(cpStatus, 'RollingOut').status).toBe('True');

    const mdObj = {
      ...md(2),
      status: machineDeploymentStatus(md(2), [running(0), running(1)], now),
    };
    const cluster = { metadata: { name: 'c1', generation: 1 }, spec: {} };
    const status = clusterStatus(
      cluster,
      { ...kcp, status: cpStatus },
      [{ md: mdObj, machines: [running(0), running(1)] }],
      { ok: true },
      ['us-east-a'],
      now,
    );
    expect(status.phase).toBe('Provisioned');
    expect(status.controlPlane).toEqual({
      desiredReplicas: 3,
      replicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      upToDateReplicas: 0,
    });
    expect(status.workers).toMatchObject({
      desiredReplicas: 2,
      readyReplicas: 2,
    });
    expect(cond(status, 'Available').status).toBe('True');
    expect(cond(status, 'RollingOut')).toMatchObject({
      status: 'True',
      message: 'Rolling out: KubeadmControlPlane c1-control-plane',
    });
  });

  it('is not Available when its API server does not answer', () => {
    const cpStatus = controlPlaneStatus(kcp, 'v1.32.0', undefined, now);
    const status = clusterStatus(
      { metadata: { name: 'c1' }, spec: {} },
      { ...kcp, status: cpStatus },
      [],
      { ok: false, message: 'connect ECONNREFUSED 127.0.0.1:1' },
      [],
      now,
    );
    expect(cond(status, 'Available')).toMatchObject({
      status: 'False',
      message:
        'Remote connection probe failed: connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(cond(status, 'RemoteConnectionProbe').status).toBe('False');
  });
});
