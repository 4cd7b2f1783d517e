import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { NO_ABORT, memberClient } from '../__fixtures__/common';
import { fakeClusterHandlers } from '../__testUtils__/fakeCluster';
import {
  admiraltyClusterTargetNode,
  admiraltyVirtualNode,
  liqoLegacyVirtualNode,
  liqoVirtualNode,
  workerA,
  workerB,
} from '../__fixtures__/nodes';
import { VirtualNodeDetector } from './VirtualNodeDetector';

const server = setupKubernetesMocks();

describe('VirtualNodeDetector', () => {
  it('recognises Liqo and Admiralty virtual nodes and leaves them out of own capacity', async () => {
    server.use(
      ...fakeClusterHandlers({
        nodes: [
          workerA,
          liqoVirtualNode,
          workerB,
          liqoLegacyVirtualNode,
          admiraltyVirtualNode,
          admiraltyClusterTargetNode,
        ],
      }),
    );
    const result = await new VirtualNodeDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.virtualNodes).toEqual([
      {
        name: 'admiralty-cluster-on-prem-1',
        kind: 'admiralty',
        peer: 'on-prem-1',
        allocatable: { cpu: '16', memory: '64Gi', pods: '220' },
        ready: false,
      },
      {
        name: 'admiralty-default-ap-1-6c1f3a9d2b',
        kind: 'admiralty',
        peer: 'default/ap-1',
        allocatable: { cpu: '24', memory: '96Gi', pods: '330' },
        ready: true,
      },
      {
        name: 'liqo-3b4f7a2c-8e1d-4c9a-b6f0-1d2e3f4a5b6c',
        kind: 'liqo',
        peer: '3b4f7a2c-8e1d-4c9a-b6f0-1d2e3f4a5b6c',
        allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
        ready: false,
      },
      {
        name: 'us-1',
        kind: 'liqo',
        peer: 'us-1',
        allocatable: { cpu: '14', memory: '54Gi', pods: '110' },
        ready: true,
      },
    ]);
    // Only the two workers: 2 x 7910m, 2 x 31369576Ki, 2 x 58 pods, 1 GPU.
    expect(result.ownAllocatable).toEqual({
      cpu: '15820m',
      'ephemeral-storage': '191103358248',
      memory: '62739152Ki',
      'nvidia.com/gpu': '1',
      pods: '116',
    });
  });

  it('answers an empty list and zero capacity for a cluster without virtual nodes', async () => {
    server.use(...fakeClusterHandlers({ nodes: [workerA] }));
    const result = await new VirtualNodeDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    expect(result.virtualNodes).toEqual([]);
    expect(result.ownAllocatable).toEqual(workerA.status.allocatable);
  });

  it('leaves a garbage node value out of the sums and names it, without failing', async () => {
    const garbageWorker = {
      ...workerA,
      metadata: { ...workerA.metadata, name: 'ip-10-0-9-99' },
      status: {
        ...workerA.status,
        allocatable: {
          ...workerA.status.allocatable,
          cpu: 'lots',
          memory: '1e999999999',
        },
      },
    };
    const garbageVirtual = {
      ...liqoVirtualNode,
      status: {
        ...liqoVirtualNode.status,
        allocatable: { cpu: '14', memory: '54Gi', pods: '1..5' },
      },
    };
    server.use(
      ...fakeClusterHandlers({
        nodes: [workerA, garbageWorker, garbageVirtual],
      }),
    );
    const result = await new VirtualNodeDetector().detect(memberClient(), {
      signal: NO_ABORT,
    });
    // workerA's cpu and memory alone; the other entries of both workers.
    expect(result.ownAllocatable).toEqual({
      cpu: '7910m',
      'ephemeral-storage': '191103358248',
      memory: '31369576Ki',
      pods: '116',
    });
    expect(result.virtualNodes).toEqual([
      expect.objectContaining({
        name: 'us-1',
        allocatable: { cpu: '14', memory: '54Gi' },
      }),
    ]);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^virtual-nodes: virtual node us-1 allocatable: pods '1\.\.5' is not a quantity: /,
      ),
      expect.stringMatching(
        /^virtual-nodes: node ip-10-0-9-99 allocatable: cpu 'lots' is not a quantity: /,
      ),
      expect.stringMatching(
        /^virtual-nodes: node ip-10-0-9-99 allocatable: memory '1e999999999' is not a quantity: /,
      ),
    ]);
  });
});
