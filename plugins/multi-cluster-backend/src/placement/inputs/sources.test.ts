import type {
  ClusterProfile,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { applyCompliance, parseCompliance } from './complianceSource';
import { applyCost } from './costSource';
import { applyLatency } from './latencySource';

const cluster = (fields: Partial<FleetCluster>) =>
  ({ name: 'c', labels: {}, capacity: {}, ...fields } as FleetCluster);

describe('latency', () => {
  it("shows the configured figures of the cluster's region, and says when it has none", () => {
    const matrix = { 'eu-west': { eu: 12, us: 85 } };
    const known: ClusterProfile = { name: 'a', region: 'eu-west' };
    applyLatency(known, matrix);
    expect(known.latencyMs).toEqual({ eu: 12, us: 85 });
    expect(known.inputs?.latency).toEqual({
      source: 'config',
      known: true,
      detail: 'configured for eu-west: eu 12 ms, us 85 ms',
    });
    const unknown: ClusterProfile = { name: 'b', region: 'ap-south' };
    applyLatency(unknown, matrix);
    expect(unknown.latencyMs).toBeUndefined();
    expect(unknown.inputs?.latency).toMatchObject({
      source: 'unknown',
      known: false,
    });
  });
});

describe('jurisdiction and compliance', () => {
  it('reads the flotilla.io labels, bounded, and says when they are missing', () => {
    expect(parseCompliance(' pci-dss, soc2,,pci-dss ')).toEqual([
      'pci-dss',
      'soc2',
    ]);
    const profile: ClusterProfile = { name: 'a' };
    applyCompliance(
      profile,
      cluster({
        jurisdiction: 'eu',
        labels: { 'flotilla.io/compliance': 'pci-dss' },
      }),
    );
    expect(profile).toMatchObject({
      jurisdiction: 'eu',
      compliance: ['pci-dss'],
    });
    expect(profile.inputs?.compliance?.source).toBe('annotation');
    const none: ClusterProfile = { name: 'b' };
    applyCompliance(none, cluster({}));
    expect(none.inputs?.jurisdiction).toMatchObject({
      source: 'unknown',
      known: false,
    });
    expect(none.compliance).toBeUndefined();
  });
});

describe('cost precedence', () => {
  const prices = [
    { provider: 'aws', instanceType: 'm6i.2xlarge', pricePerHour: 0.384 },
  ];
  const nodes = {
    value: {
      allocatable: {},
      allocated: {},
      gpuModels: [],
      nodes: 1,
      unschedulable: 0,
      pods: 0,
      priced: [{ instanceType: 'm6i.2xlarge', cpu: 8 }],
    },
    readAt: '2026-01-01T00:00:00.000Z',
  };
  const aws = cluster({
    provider: 'aws',
    region: 'eu-west',
    costPerCpuHour: 0.09,
  });

  it('takes OpenCost first', () => {
    const profile: ClusterProfile = { name: 'c' };
    applyCost(profile, aws, {
      openCost: {
        value: {
          ok: true,
          costPerCpuHour: 0.04,
          cpuCost: 96,
          cpuCoreHours: 2400,
        },
      },
      nodes,
      prices,
    });
    expect(profile.costPerCpuHour).toBe(0.04);
    expect(profile.inputs?.cost?.source).toBe('opencost');
  });

  it('then the price table (0.384 / 8 cores = 0.048)', () => {
    const profile: ClusterProfile = { name: 'c' };
    applyCost(profile, aws, {
      openCost: { value: { ok: false, reason: 'no OpenCost service' } },
      nodes,
      prices,
    });
    expect(profile.costPerCpuHour).toBeCloseTo(0.048, 9);
    expect(profile.inputs?.cost?.source).toBe('price-table');
  });

  it('then the annotation, then unknown, saying why', () => {
    const annotated: ClusterProfile = { name: 'c' };
    applyCost(annotated, cluster({ provider: 'azure', costPerCpuHour: 0.09 }), {
      nodes,
      prices,
    });
    expect(annotated.costPerCpuHour).toBe(0.09);
    expect(annotated.inputs?.cost).toMatchObject({
      source: 'annotation',
      detail: expect.stringContaining('no price for m6i.2xlarge in azure'),
    });
    const unknown: ClusterProfile = { name: 'c', costPerCpuHour: 1 };
    applyCost(unknown, cluster({ provider: 'azure' }), { nodes, prices: [] });
    expect(unknown.costPerCpuHour).toBeUndefined();
    expect(unknown.inputs?.cost).toMatchObject({
      source: 'unknown',
      known: false,
    });
  });
});
