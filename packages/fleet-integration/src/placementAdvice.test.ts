/**
 * Placement advice on live inputs (plugins/multi-cluster-backend/src/placement/inputs):
 * `POST /placement/recommend` changes when a member's Nodes change (read
 * from its API server), when OpenCost's answer changes (the simulator's
 * OpenCost-shaped API behind the member's service proxy) and when a
 * Karmada Cluster's labels change, and keeps a member's last known inputs
 * while its API server does not answer. The inputs are re-read every second
 * here (`inputsMaxAge`), so each step polls for the new advice.
 */
import type {
  EntityPlacementAdvice,
  PlacementAdvice,
} from '@flotilla/plugin-multi-cluster-common';
import { eventually } from '@flotilla/test-kit';
import { fault } from './harness/failover';
import { adminClients, clusterNamed, mergePatch } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(300_000);

const { fleet, backend } = useBackend({
  name: 'placement-advice',
  port: 7154,
  config: { multiCluster: { placement: { inputsMaxAge: { seconds: 1 } } } },
});

const members = fleet.clusters
  .filter(c => c.kind === 'member')
  .map(c => c.name);
const allBut = (...keep: string[]) => members.filter(m => !keep.includes(m));

function recommend(body: object): Promise<PlacementAdvice> {
  return backend().ok<PlacementAdvice>(
    'POST',
    '/api/multi-cluster/placement/recommend',
    body,
  );
}

const exclusion = (advice: PlacementAdvice, cluster: string) =>
  advice.excluded.find(e => e.cluster === cluster)?.reasons.join('; ');

const explanation = (advice: PlacementAdvice, cluster: string) =>
  advice.recommendations
    .flatMap(r => r.explanation)
    .find(e => e.cluster === cluster)
    ?.reasons.join('; ');

describe('placement advice on live inputs', () => {
  it('excludes a member whose Nodes are all cordoned, and takes it back when they are not', async () => {
    const name = 'dev-eu-west-aws-1';
    const { core, kubeConfig } = adminClients(clusterNamed(fleet, name));
    const nodes = (await core.listNode()).items.map(n => n.metadata!.name!);
    expect(nodes.length).toBeGreaterThan(0);
    const cordon = (unschedulable: boolean) =>
      Promise.all(
        nodes.map(node =>
          mergePatch(kubeConfig, {
            apiVersion: 'v1',
            kind: 'Node',
            metadata: { name: node },
            spec: { unschedulable },
          }),
        ),
      );
    const request = { replicas: 1, resourceRequest: { cpu: '1' } };
    await eventually(async () => {
      expect(exclusion(await recommend(request), name)).toBeUndefined();
    }, 120_000);
    try {
      await cordon(true);
      await eventually(async () => {
        expect(exclusion(await recommend(request), name)).toContain(
          'no capacity for one more replica',
        );
      }, 60_000);
    } finally {
      await cordon(false);
    }
    await eventually(async () => {
      expect(exclusion(await recommend(request), name)).toBeUndefined();
    }, 60_000);
  });

  it("counts only the GPUs of the models a workload accepts, from the Nodes' product label", async () => {
    const gpu = 'prod-us-east-aws-gpu-1';
    const request = {
      replicas: 1,
      resourceRequest: { cpu: '1', 'nvidia.com/gpu': '1' },
      tolerations: [
        {
          key: 'flotilla.io/dedicated',
          operator: 'Equal',
          value: 'gpu',
          effect: 'NoSchedule',
        },
      ],
      excludeClusters: allBut(gpu),
    };
    const h100 = await recommend({
      ...request,
      gpuModels: ['NVIDIA-H100-80GB-HBM3'],
    });
    expect(exclusion(h100, gpu)).toMatch(
      /no free GPU of NVIDIA-H100-80GB-HBM3; it has NVIDIA-A10G \(\d+ of 16 free\)/,
    );
    const a10g = await recommend({ ...request, gpuModels: ['NVIDIA-A10G'] });
    expect(exclusion(a10g, gpu)).toBeUndefined();
    expect(explanation(a10g, gpu)).toMatch(/\d+ NVIDIA-A10G free/);
  });

  it("prices a member from its OpenCost answer, and follows the answer's changes", async () => {
    const name = 'prod-eu-west-aws-1';
    const request = {
      replicas: 1,
      resourceRequest: { cpu: '1' },
      excludeClusters: allBut(name),
    };
    await eventually(async () => {
      expect(explanation(await recommend(request), name)).toContain(
        '0.04 per CPU-hour',
      );
    }, 60_000);
    try {
      // 2400 core-hours costing 240: 0.1 per CPU-hour.
      await fault(fleet, 'PUT', `/opencost/${name}`, {
        cpuCost: 240,
        cpuCoreHours: 2400,
      });
      await eventually(async () => {
        const advice = await recommend(request);
        expect(explanation(advice, name)).toContain('0.1 per CPU-hour');
        expect(advice.recommendations[0].costPerHour).toBeCloseTo(0.1, 6);
      }, 60_000);
    } finally {
      await fault(fleet, 'PUT', `/opencost/${name}`, {
        cpuCost: 96,
        cpuCoreHours: 2400,
      });
    }
  });

  it('admits a member once its Karmada Cluster is labelled with the compliance a workload requires', async () => {
    const name = 'prod-eu-west-gcp-1';
    const karmada = adminClients(clusterNamed(fleet, 'karmada'));
    const label = (value: string | null) =>
      mergePatch(karmada.kubeConfig, {
        apiVersion: 'cluster.karmada.io/v1alpha1',
        kind: 'Cluster',
        metadata: {
          name,
          labels: { 'flotilla.io/compliance': value } as never,
        },
      });
    const request = { replicas: 1, requiredCompliance: ['pci-dss'] };
    expect(exclusion(await recommend(request), name)).toContain(
      'lacks compliance attestation pci-dss',
    );
    try {
      await label('pci-dss');
      await eventually(async () => {
        const advice = await recommend(request);
        expect(exclusion(advice, name)).toBeUndefined();
        expect(advice.recommendations.flatMap(r => r.clusters)).toContain(name);
      }, 60_000);
    } finally {
      await label(null);
    }
  });

  it("keeps a member's last known Nodes while its API server does not answer, and says so", async () => {
    const name = 'dev-eu-west-aws-1';
    const capacity = async () => {
      const advice = await backend().ok<EntityPlacementAdvice>(
        'POST',
        '/api/multi-cluster/entities/component/default/checkout/placement/advice',
        {},
      );
      return advice.inputs.find(i => i.cluster === name)?.inputs.capacity;
    };
    await eventually(async () => {
      expect(await capacity()).toMatchObject({ source: 'nodes', known: true });
    }, 60_000);
    try {
      await fault(fleet, 'PUT', `/faults/${name}`, { down: true });
      await eventually(async () => {
        const during = await capacity();
        expect(during).toMatchObject({ source: 'nodes', known: true });
        expect(during?.detail).toContain('so this is the last known');
      }, 120_000);
    } finally {
      await fault(fleet, 'PUT', `/faults/${name}`, { down: false });
    }
    await eventually(async () => {
      expect((await capacity())?.detail).not.toContain(
        'the latest read failed',
      );
    }, 120_000);
  });
});
