import { PlacementError } from './errors';
import type { KarmadaPlacement } from './placement';
import { schedule } from './schedule';
import type { ClusterSnapshot, ScheduleRequest } from './types';
import type { KarmadaVersion } from './versionRules';

const dynamicWeight: KarmadaPlacement = {
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: { dynamicWeight: 'AvailableReplicas' },
  },
};

function errorOf(request: ScheduleRequest): PlacementError {
  try {
    schedule(request);
  } catch (error) {
    if (error instanceof PlacementError) return error;
    throw error;
  }
  throw new Error('expected scheduling to fail');
}

describe('schedule: karmadaVersion', () => {
  it('refuses a release it does not reproduce', () => {
    const error = errorOf({
      karmadaVersion: 'v1.15.0' as KarmadaVersion,
      replicas: 1,
      placement: {},
      clusters: [{ name: 'a' }],
    });
    expect(error.code).toBe('InvalidRequest');
    expect(error.message).toMatch(
      /^karmadaVersion "v1\.15\.0" is not supported; supported: v1\.16\.3, .*, v1\.18\.2$/,
    );
  });

  it('matches a zone In requirement on every zone before v1.18, on any zone after', () => {
    const request = (karmadaVersion: KarmadaVersion): ScheduleRequest => ({
      karmadaVersion,
      replicas: 1,
      placement: {
        clusterAffinity: {
          fieldSelector: {
            matchExpressions: [
              { key: 'zone', operator: 'In', values: ['eu-1a'] },
            ],
          },
        },
      },
      clusters: [
        { name: 'one-zone', zones: ['eu-1a'] },
        { name: 'two-zones', zones: ['eu-1a', 'eu-1b'] },
      ],
    });
    const names = (version: KarmadaVersion) =>
      schedule(request(version)).targets.map(target => target.name);
    expect(names('v1.17.5')).toEqual(['one-zone']);
    expect(names('v1.18.0')).toEqual(['one-zone', 'two-zones']);
  });

  it('reports a capacity shortfall as SchedulerError where the error chain was lost', () => {
    const request = (karmadaVersion: KarmadaVersion): ScheduleRequest => ({
      karmadaVersion,
      replicas: 5,
      placement: dynamicWeight,
      clusters: [{ name: 'a', availableReplicas: 2 }],
    });
    const message =
      'failed to assign replicas: failed to scale up: Clusters available replicas 2 are not enough to schedule.';
    for (const [version, reason] of [
      ['v1.16.4', 'SchedulerError'],
      ['v1.16.5', 'Unschedulable'],
      ['v1.17.1', 'SchedulerError'],
      ['v1.17.2', 'Unschedulable'],
    ] as const) {
      const error = errorOf(request(version));
      expect([version, error.reason, error.message]).toEqual([
        version,
        reason,
        message,
      ]);
    }
  });

  it('ignores overflowAffinities before v1.18 (the field does not exist there)', () => {
    const request = (karmadaVersion: KarmadaVersion): ScheduleRequest => ({
      karmadaVersion,
      replicas: 5,
      placement: {
        ...dynamicWeight,
        clusterAffinities: [
          {
            affinityName: 'primary',
            clusterNames: ['near'],
            overflowAffinities: [
              { affinityName: 'burst', clusterNames: ['far'] },
            ],
          },
        ],
      },
      clusters: [
        { name: 'near', availableReplicas: 2 },
        { name: 'far', availableReplicas: 10 },
      ],
    });
    expect(schedule(request('v1.18.2')).targets).toEqual([
      { name: 'far', replicas: 3 },
      { name: 'near', replicas: 2 },
    ]);
    expect(errorOf(request('v1.17.5')).message).toBe(
      'failed to assign replicas: failed to scale up: Clusters available replicas 2 are not enough to schedule.',
    );
  });

  it('keeps replicas on departed clusters when scaling down before v1.17, and explains it', () => {
    const clusters: ClusterSnapshot[] = [
      { name: 'kept', availableReplicas: 0 },
      { name: 'excluded', availableReplicas: 0 },
    ];
    const request = (karmadaVersion: KarmadaVersion): ScheduleRequest => ({
      karmadaVersion,
      replicas: 4,
      placement: {
        ...dynamicWeight,
        clusterAffinity: { exclude: ['excluded'] },
      },
      clusters,
      previous: [
        { name: 'kept', replicas: 5 },
        { name: 'excluded', replicas: 3 },
        { name: 'deleted', replicas: 2 },
      ],
    });
    expect(schedule(request('v1.17.0')).targets).toEqual([
      { name: 'kept', replicas: 4 },
    ]);
    // Webster over 5:3:2 for 4 seats: kept, excluded, deleted, kept.
    const v116 = schedule(request('v1.16.8'));
    expect(v116.targets).toEqual([
      { name: 'deleted', replicas: 1 },
      { name: 'excluded', replicas: 1 },
      { name: 'kept', replicas: 2 },
    ]);
    expect(v116.explanation[1]).toEqual({
      cluster: 'excluded',
      verdict: 'selected',
      reasons: [
        'assigned 1 replica (scaled down in proportion to the previous 3 of 10: this release divides over the whole previous assignment)',
        'no longer a candidate: does not match clusterAffinity',
      ],
    });
  });
});

describe('schedule: APIEnablement', () => {
  const deployments = {
    groupVersion: 'apps/v1',
    resources: [{ name: 'deployments', kind: 'Deployment' }],
  };
  const cronJobs = {
    groupVersion: 'batch/v1',
    resources: [{ name: 'cronjobs', kind: 'CronJob' }],
  };
  const clusters: ClusterSnapshot[] = [
    { name: 'a', apiEnablements: [deployments] },
    { name: 'b', apiEnablements: [deployments, cronJobs] },
    { name: 'c' },
  ];

  it('checks apps/v1 Deployment by default and the request resource otherwise', () => {
    const names = (request: Partial<ScheduleRequest>) =>
      schedule({
        replicas: 1,
        placement: {},
        clusters,
        ...request,
      }).targets.map(target => target.name);
    expect(names({})).toEqual(['a', 'b', 'c']);
    expect(
      names({ resource: { apiVersion: 'batch/v1', kind: 'CronJob' } }),
    ).toEqual(['b', 'c']);
  });

  it("fails with Karmada's FitError reason", () => {
    const error = errorOf({
      replicas: 1,
      placement: { clusterAffinity: { clusterNames: ['a', 'b'] } },
      resource: { apiVersion: 'v1', kind: 'ConfigMap' },
      clusters,
    });
    expect(error.message).toBe(
      '0/3 clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint, 2 cluster(s) did not have the API resource.',
    );
  });
});
