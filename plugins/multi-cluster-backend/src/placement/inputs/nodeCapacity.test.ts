import type { V1Node, V1Pod } from '@kubernetes/client-node';
import { capacityFromNodes } from './nodeCapacity';
import { effectivePodRequest } from './podRequests';

function node(
  name: string,
  allocatable: Record<string, string>,
  extra: {
    ready?: boolean;
    cordoned?: boolean;
    labels?: Record<string, string>;
  } = {},
): V1Node {
  return {
    metadata: { name, labels: extra.labels },
    spec: { unschedulable: extra.cordoned },
    status: {
      allocatable,
      capacity: allocatable,
      conditions: [
        { type: 'Ready', status: extra.ready === false ? 'False' : 'True' },
      ],
    },
  };
}

function pod(
  nodeName: string | undefined,
  containers: Record<string, string>[],
  extra: {
    init?: Record<string, string>[];
    overhead?: Record<string, string>;
    phase?: string;
  } = {},
): V1Pod {
  return {
    spec: {
      nodeName,
      containers: containers.map((requests, i) => ({
        name: `c${i}`,
        resources: { requests },
      })),
      initContainers: extra.init?.map((requests, i) => ({
        name: `i${i}`,
        resources: { requests },
      })),
      overhead: extra.overhead,
    },
    status: { phase: extra.phase ?? 'Running' },
  };
}

describe('effectivePodRequest', () => {
  it('takes the larger of the containers sum and the largest init container, plus overhead', () => {
    // cpu: containers 250m + 500m = 750m; init max 1 -> 1; overhead 100m -> 1100m.
    // memory: containers 1Gi + 1Gi = 2Gi; init max 512Mi -> 2Gi; overhead 0.
    const request = effectivePodRequest(
      pod(
        'n',
        [
          { cpu: '250m', memory: '1Gi' },
          { cpu: '500m', memory: '1Gi' },
        ],
        {
          init: [{ cpu: '1', memory: '512Mi' }, { cpu: '200m' }],
          overhead: { cpu: '100m' },
        },
      ),
    );
    expect(request.get('cpu')).toBe(1_100_000_000n);
    expect(request.get('memory')).toBe(2n * 1024n ** 3n * 1_000_000_000n);
  });
});

describe('capacityFromNodes', () => {
  const gpuLabels = {
    'nvidia.com/gpu.product': 'NVIDIA-A10G',
    'node.kubernetes.io/instance-type': 'g5.12xlarge',
  };
  const nodes = [
    node(
      'a',
      { cpu: '8', memory: '32Gi', pods: '110' },
      { labels: { 'node.kubernetes.io/instance-type': 'm6i.2xlarge' } },
    ),
    node(
      'b',
      { cpu: '48', memory: '192Gi', pods: '110', 'nvidia.com/gpu': '4' },
      { labels: gpuLabels },
    ),
    node(
      'cordoned',
      { cpu: '8', memory: '32Gi', pods: '110' },
      { cordoned: true },
    ),
    node(
      'not-ready',
      { cpu: '8', memory: '32Gi', pods: '110' },
      { ready: false },
    ),
  ];
  const pods = [
    pod('a', [{ cpu: '500m', memory: '1Gi' }]),
    pod('b', [{ cpu: '2', memory: '8Gi', 'nvidia.com/gpu': '1' }]),
    pod('b', [{ cpu: '1', 'nvidia.com/gpu': '2' }], { phase: 'Succeeded' }),
    pod('cordoned', [{ cpu: '4' }]),
    pod(undefined, [{ cpu: '16' }], { phase: 'Pending' }),
  ];

  it('counts Ready, schedulable Nodes less the requests of the running Pods bound to them', () => {
    const capacity = capacityFromNodes(nodes, pods);
    // Nodes a + b: cpu 8 + 48 = 56, memory 32Gi + 192Gi = 224Gi, pods 220, 4 GPUs.
    expect(capacity.allocatable).toEqual({
      cpu: '56',
      memory: '224Gi',
      'nvidia.com/gpu': '4',
      pods: '220',
    });
    // Pods on a and b that have not finished: cpu 500m + 2 = 2500m, memory 9Gi, 1 GPU, 2 Pods.
    expect(capacity.allocated).toEqual({
      cpu: '2500m',
      memory: '9Gi',
      'nvidia.com/gpu': '1',
      pods: '2',
    });
    expect(capacity).toMatchObject({ nodes: 2, unschedulable: 2, pods: 2 });
  });

  it('counts GPUs per model from the product label', () => {
    expect(capacityFromNodes(nodes, pods).gpuModels).toEqual([
      {
        resource: 'nvidia.com/gpu',
        model: 'NVIDIA-A10G',
        allocatable: 4,
        free: 3,
      },
    ]);
    const unlabelled = capacityFromNodes(
      [node('g', { 'nvidia.com/gpu': '2' })],
      [],
    );
    expect(unlabelled.gpuModels).toEqual([
      { resource: 'nvidia.com/gpu', model: 'unknown', allocatable: 2, free: 2 },
    ]);
  });

  it('keeps every own Node with its instance type and cores for the price table', () => {
    expect(capacityFromNodes(nodes, []).priced).toEqual([
      { instanceType: 'm6i.2xlarge', cpu: 8 },
      { instanceType: 'g5.12xlarge', cpu: 48 },
      { instanceType: undefined, cpu: 8 },
      { instanceType: undefined, cpu: 8 },
    ]);
  });
});
