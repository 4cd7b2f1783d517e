import {
  CONDITIONS,
  findCondition,
  nextManagedClusterStatus,
  nodeResources,
  type MemberObservation,
  type NodeLike,
} from './registrationStatus';

const node = (
  allocatable: Record<string, string>,
  extra: Partial<NodeLike> = {},
): NodeLike => ({
  metadata: { labels: { 'topology.kubernetes.io/region': 'eu-west-1' } },
  spec: { providerID: 'aws:///eu-west-1a/i-0abc' },
  status: { capacity: { ...allocatable }, allocatable },
  ...extra,
});

const answered = (nodes: NodeLike[]): MemberObservation => ({
  kind: 'answered',
  clusterName: 'prod-eu-west-aws-1',
  kubernetesVersion: 'v1.31.4',
  nodes,
  fallback: { platform: 'Other', region: 'eu-west' },
});

const T0 = '2026-12-04T09:00:00Z';
const T1 = '2026-12-04T09:01:00Z';
const T2 = '2026-12-04T09:02:00Z';

describe('nodeResources', () => {
  it('sums cpu, memory and pods over the Nodes and leaves other resources out', () => {
    const { capacity, allocatable } = nodeResources([
      node({ cpu: '8', memory: '32Gi', pods: '110', 'nvidia.com/gpu': '4' }),
      node({ cpu: '7500m', memory: '16Gi', pods: '110' }),
    ]);
    expect(allocatable).toEqual({ cpu: '15500m', memory: '48Gi', pods: '220' });
    expect(capacity).toEqual(allocatable);
  });

  it('reports nothing for a member without Nodes', () => {
    expect(nodeResources([])).toEqual({ capacity: {}, allocatable: {} });
  });
});

describe('nextManagedClusterStatus', () => {
  it('reports what the member answered: version, resources, claims, three True conditions', () => {
    const status = nextManagedClusterStatus(
      undefined,
      answered([node({ cpu: '8', memory: '32Gi', pods: '110' })]),
      T0,
    );
    expect(status.version).toEqual({ kubernetes: 'v1.31.4' });
    expect(status.allocatable).toEqual({
      cpu: '8',
      memory: '32Gi',
      pods: '110',
    });
    expect(status.clusterClaims).toEqual([
      { name: 'id.k8s.io', value: 'prod-eu-west-aws-1' },
      { name: 'kubeversion.open-cluster-management.io', value: 'v1.31.4' },
      { name: 'platform.open-cluster-management.io', value: 'AWS' },
      { name: 'region.open-cluster-management.io', value: 'eu-west-1' },
    ]);
    expect(
      status.conditions!.map(c => [c.type, c.status, c.lastTransitionTime]),
    ).toEqual([
      [CONDITIONS.hubAccepted, 'True', T0],
      [CONDITIONS.joined, 'True', T0],
      [CONDITIONS.available, 'True', T0],
    ]);
  });

  it('falls back to the fleet description when no Node names the platform or region', () => {
    const status = nextManagedClusterStatus(
      undefined,
      answered([{ status: { allocatable: { cpu: '1' } } }]),
      T0,
    );
    expect(status.clusterClaims).toContainEqual({
      name: 'platform.open-cluster-management.io',
      value: 'Other',
    });
    expect(status.clusterClaims).toContainEqual({
      name: 'region.open-cluster-management.io',
      value: 'eu-west',
    });
  });

  it('moves lastTransitionTime only when a condition changes status', () => {
    const first = nextManagedClusterStatus(undefined, answered([]), T0);
    const again = nextManagedClusterStatus(first, answered([]), T1);
    expect(again).toEqual(first);

    const silent = nextManagedClusterStatus(
      again,
      { kind: 'lease-expired', graceSeconds: 15 },
      T1,
    );
    const available = findCondition(silent, CONDITIONS.available)!;
    expect(available).toMatchObject({
      status: 'Unknown',
      reason: 'ManagedClusterLeaseUpdateStopped',
      lastTransitionTime: T1,
    });
    // Joined and accepted do not change, nor the last figures reported.
    expect(findCondition(silent, CONDITIONS.joined)!.lastTransitionTime).toBe(
      T0,
    );
    expect(silent.version).toEqual(first.version);

    const stillSilent = nextManagedClusterStatus(
      silent,
      { kind: 'lease-expired', graceSeconds: 15 },
      T2,
    );
    expect(
      findCondition(stillSilent, CONDITIONS.available)!.lastTransitionTime,
    ).toBe(T1);

    const back = nextManagedClusterStatus(stillSilent, answered([]), T2);
    expect(findCondition(back, CONDITIONS.available)).toMatchObject({
      status: 'True',
      reason: 'ManagedClusterAvailable',
      lastTransitionTime: T2,
    });
  });
});
