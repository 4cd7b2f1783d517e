import {
  compileReplicaRequirements,
  estimateAvailableReplicas,
} from './estimator';
import type { ResourceSummary } from './types';

const summary = (value: ResourceSummary) => ({ resourceSummary: value });

describe('estimateAvailableReplicas (general estimator)', () => {
  it('computes the doc example: 4 CPU/8Gi/100 pods minus 1 CPU/2Gi/20 pods at 500m/1Gi -> 6', () => {
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { cpu: '4', memory: '8Gi', pods: '100' },
          allocated: { cpu: '1', memory: '2Gi', pods: '20' },
        }),
        { resourceRequest: { cpu: '500m', memory: '1Gi' } },
      ),
    ).toBe(6);
  });

  it('returns 0 without a resource summary', () => {
    expect(
      estimateAvailableReplicas({}, { resourceRequest: { cpu: '1' } }),
    ).toBe(0);
  });

  it('returns the pods left without requirements', () => {
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { pods: '110' },
          allocated: { pods: '30' },
          allocating: { pods: '5' },
        }),
      ),
    ).toBe(75);
  });

  it('returns 0 when no pods are left, whatever else is free', () => {
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { pods: '10', cpu: '100' },
          allocated: { pods: '8' },
          allocating: { pods: '2' },
        }),
        { resourceRequest: { cpu: '1' } },
      ),
    ).toBe(0);
  });

  it('returns 0 when a requested resource is missing from allocatable', () => {
    expect(
      estimateAvailableReplicas(
        summary({ allocatable: { pods: '10', cpu: '8' } }),
        {
          resourceRequest: { cpu: '1', 'nvidia.com/gpu': '1' },
        },
      ),
    ).toBe(0);
  });

  it('bounds by extended resources such as nvidia.com/gpu', () => {
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { pods: '100', cpu: '64', 'nvidia.com/gpu': '8' },
          allocated: { 'nvidia.com/gpu': '3' },
        }),
        { resourceRequest: { cpu: '1', 'nvidia.com/gpu': '2' } },
      ),
    ).toBe(2);
  });

  it('skips zero requests and compares cpu in milli-units', () => {
    expect(
      estimateAvailableReplicas(
        summary({ allocatable: { pods: '100', cpu: '1' } }),
        {
          resourceRequest: { cpu: '300m', memory: '0' },
        },
      ),
    ).toBe(3);
  });

  it('uses whole units (rounded up) for non-cpu resources', () => {
    // free memory 1.5 bytes rounds up to 2; request 1 byte.
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { pods: '100', memory: '3' },
          allocated: { memory: '1.5' },
        }),
        {
          resourceRequest: { memory: '1' },
        },
      ),
    ).toBe(2);
  });

  it('handles fractional and exponent quantities on the exact path', () => {
    // free cpu 2.4995 -> MilliValue() rounds up to 2500; 2500 / 250 = 10.
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { pods: '1e2', cpu: '2.5' },
          allocated: { cpu: '0.0005' },
        }),
        { resourceRequest: { cpu: '0.25' } },
      ),
    ).toBe(10);
  });

  it('returns 0 when the resource is exhausted (allocating counts)', () => {
    expect(
      estimateAvailableReplicas(
        summary({
          allocatable: { pods: '100', cpu: '4' },
          allocated: { cpu: '3' },
          allocating: { cpu: '1' },
        }),
        { resourceRequest: { cpu: '100m' } },
      ),
    ).toBe(0);
  });
});

describe('compileReplicaRequirements', () => {
  it('keeps only positive requests and marks cpu', () => {
    expect(
      compileReplicaRequirements({
        resourceRequest: { cpu: '250m', memory: '0', 'example.com/foo': '2' },
      }),
    ).toEqual([
      { name: 'cpu', isCpu: true, text: '250m', scaled: 250 },
      { name: 'example.com/foo', isCpu: false, text: '2', scaled: 2 },
    ]);
  });
});
