import { fabricTitle, formatResources } from './format';

describe('formatResources', () => {
  it('puts cpu, memory, pods and GPUs first and the rest by name', () => {
    expect(
      formatResources({
        'example.com/fpga': '1',
        'nvidia.com/gpu': '2',
        memory: '64Gi',
        'ephemeral-storage': '100Gi',
        cpu: '16',
      }),
    ).toBe(
      'cpu 16 · memory 64Gi · nvidia.com/gpu 2 · ephemeral-storage 100Gi · example.com/fpga 1',
    );
  });

  it('shows a dash for nothing', () => {
    expect(formatResources(undefined)).toBe('-');
    expect(formatResources({})).toBe('-');
  });
});

describe('fabricTitle', () => {
  it('names known fabrics and keeps unknown ones as sent', () => {
    expect(fabricTitle('cilium-clustermesh')).toBe('Cilium Cluster Mesh');
    expect(fabricTitle('linkerd-multicluster')).toBe('linkerd-multicluster');
  });
});
