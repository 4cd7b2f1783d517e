import {
  allocatableOf,
  allocatedByDeployments,
  nextClusterStatus,
  nodeSummary,
  readyCondition,
  taintsFor,
} from './clusterStatus';

const node = (
  name: string,
  allocatable: Record<string, string>,
  labels: Record<string, string> = {},
  ready = 'True',
) => ({
  metadata: { name, labels },
  status: { allocatable, conditions: [{ type: 'Ready', status: ready }] },
});

const nodes = [
  node('md-0-a', { cpu: '8', memory: '32Gi', pods: '110' }),
  node('md-0-b', { cpu: '7500m', memory: '30Gi', pods: '110' }, {}, 'False'),
  node(
    'liqo-prod-us-east-aws-1',
    { cpu: '64', memory: '256Gi', pods: '500' },
    { 'liqo.io/type': 'virtual-node' },
  ),
  node(
    'admiralty-peer',
    { cpu: '32', memory: '128Gi' },
    { 'virtual-kubelet.io/provider': 'admiralty' },
  ),
];

describe('cluster status', () => {
  it('sums the allocatable of the member’s own nodes, leaving virtual nodes out', () => {
    expect(allocatableOf(nodes)).toEqual({
      cpu: '15500m',
      memory: '62Gi',
      pods: '220',
    });
    expect(nodeSummary(nodes)).toEqual({ totalNum: 2, readyNum: 1 });
  });

  it('counts replicas × pod requests of the member’s Deployments as allocated', () => {
    const deployment = (
      replicas: number,
      requests: Record<string, string>[],
    ) => ({
      spec: {
        replicas,
        template: {
          spec: {
            containers: requests.map(r => ({ resources: { requests: r } })),
          },
        },
      },
    });
    expect(
      allocatedByDeployments([
        deployment(4, [{ cpu: '250m', memory: '256Mi' }, { cpu: '50m' }]),
        deployment(2, [{ cpu: '1', memory: '1Gi' }]),
        deployment(0, [{ cpu: '8' }]),
      ]),
    ).toEqual({ cpu: '3200m', memory: '3Gi', pods: '6' });
  });

  it('keeps the transition time while Ready stays, moves it when it flips, and obeys the fault registry', () => {
    const first = readyCondition(
      undefined,
      { reachable: true, healthy: true },
      false,
      't1',
    );
    expect(first).toMatchObject({
      status: 'True',
      reason: 'ClusterReady',
      lastTransitionTime: 't1',
    });
    expect(
      readyCondition(first, { reachable: true, healthy: true }, false, 't2')
        .lastTransitionTime,
    ).toBe('t1');
    const forced = readyCondition(
      first,
      { reachable: true, healthy: true },
      true,
      't3',
    );
    expect(forced).toMatchObject({
      status: 'False',
      reason: 'ClusterNotReady',
      lastTransitionTime: 't3',
    });
    expect(
      readyCondition(
        forced,
        { reachable: false, error: 'connect ECONNREFUSED' },
        false,
        't4',
      ),
    ).toMatchObject({
      status: 'False',
      reason: 'ClusterNotReachable',
      message: 'cluster is not reachable: connect ECONNREFUSED',
      lastTransitionTime: 't3',
    });
  });

  it('taints a NotReady cluster NoExecute once and untaints it when Ready, keeping other taints', () => {
    const own = {
      key: 'dedicated',
      value: 'gpu',
      effect: 'NoSchedule' as const,
    };
    const tainted = taintsFor([own], false, 't1');
    expect(tainted).toEqual([
      own,
      {
        key: 'cluster.karmada.io/not-ready',
        effect: 'NoExecute',
        timeAdded: 't1',
      },
    ]);
    expect(taintsFor(tainted, false, 't2')).toEqual(tainted);
    expect(taintsFor(tainted, true, 't3')).toEqual([own]);
  });

  it('builds the whole status from what the member said', () => {
    const status = nextClusterStatus(
      undefined,
      {
        probe: { reachable: true, healthy: true },
        forcedNotReady: false,
        kubernetesVersion: 'v1.20.2',
        nodes,
        deployments: [],
      },
      't1',
    );
    expect(status).toEqual({
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'ClusterReady',
          message: 'cluster is healthy and ready to accept workloads',
          lastTransitionTime: 't1',
        },
      ],
      kubernetesVersion: 'v1.20.2',
      nodeSummary: { totalNum: 2, readyNum: 1 },
      resourceSummary: {
        allocatable: { cpu: '15500m', memory: '62Gi', pods: '220' },
        allocating: {},
        allocated: {},
      },
    });
    // Unreachable: Ready flips, the last known summary stays.
    const down = nextClusterStatus(
      status,
      { probe: { reachable: false, error: 'timeout' }, forcedNotReady: false },
      't2',
    );
    expect(down.resourceSummary).toEqual(status.resourceSummary);
    expect(down.conditions?.[0].status).toBe('False');
  });
});
