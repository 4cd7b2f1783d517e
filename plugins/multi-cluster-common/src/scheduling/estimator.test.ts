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

describe('estimateAvailableReplicas with what a cluster should not report', () => {
  const requests = { resourceRequest: { cpu: '500m', memory: '1Gi' } };
  const healthy = { cpu: '4', memory: '8Gi', pods: '100' };

  it.each([
    ['allocatable', { allocatable: { ...healthy, cpu: 'lots' } }],
    [
      'allocatable (exponent)',
      { allocatable: { ...healthy, cpu: '1e10000000' } },
    ],
    ['allocated', { allocatable: healthy, allocated: { memory: 'NaN' } }],
    ['allocating', { allocatable: healthy, allocating: { cpu: '0x10' } }],
    ['allocatable pods', { allocatable: { ...healthy, pods: 'many' } }],
    ['allocated pods', { allocatable: healthy, allocated: { pods: '1..5' } }],
  ])(
    'counts a resource whose %s entry is not a quantity as unavailable',
    (_where, resourceSummary) => {
      expect(
        estimateAvailableReplicas(
          summary(resourceSummary as ResourceSummary),
          requests,
        ),
      ).toBe(0);
    },
  );

  it('ignores garbage in resources the workload does not request', () => {
    const resourceSummary = {
      allocatable: { ...healthy, 'example.com/foo': 'Infinity' },
    };
    expect(estimateAvailableReplicas(summary(resourceSummary), requests)).toBe(
      8,
    );
  });

  it('is not fooled by keys that every object has', () => {
    const allocatable = JSON.parse(
      '{"cpu":"4","memory":"8Gi","pods":"100","__proto__":"9","constructor":"9"}',
    ) as Record<string, string>;
    expect(estimateAvailableReplicas(summary({ allocatable }), requests)).toBe(
      8,
    );
  });

  it('survives values that are not strings at all', () => {
    const allocatable = {
      cpu: 4,
      memory: null,
      pods: '100',
    } as unknown as Record<string, string>;
    expect(estimateAvailableReplicas(summary({ allocatable }), requests)).toBe(
      0,
    );
    expect(
      estimateAvailableReplicas(summary({ allocatable }), {
        resourceRequest: { cpu: '1' },
      }),
    ).toBe(4);
  });
});

describe('compileReplicaRequirements', () => {
  it('keeps only positive requests and marks cpu', () => {
    expect(
      compileReplicaRequirements({
        resourceRequest: { cpu: '250m', memory: '0', 'example.com/foo': '2' },
      }),
    ).toEqual([
      {
        name: 'cpu',
        isCpu: true,
        text: '250m',
        quantity: { nanos: 250_000_000n },
        scaled: 250,
      },
      {
        name: 'example.com/foo',
        isCpu: false,
        text: '2',
        quantity: { nanos: 2_000_000_000n },
        scaled: 2,
      },
    ]);
  });

  it.each([
    [{ cpu: '-1' }, 'resourceRequest.cpu: must be greater than or equal to 0'],
    [{ cpu: 'abc' }, 'resourceRequest.cpu: quantities must match'],
    [{ cpu: '1e10000000' }, 'resourceRequest.cpu: quantity exponents must be'],
    [
      { constructor: '1' },
      "resourceRequest.constructor: 'constructor' is reserved",
    ],
    [{ 'a b': '1' }, 'resourceRequest.a b: name part must consist of'],
  ])('refuses %p with a QuantityError naming the field', (request, message) => {
    expect(() =>
      compileReplicaRequirements({ resourceRequest: request }),
    ).toThrow(expect.objectContaining({ name: 'QuantityError' }));
    expect(() =>
      compileReplicaRequirements({ resourceRequest: request }),
    ).toThrow(message);
  });
});
