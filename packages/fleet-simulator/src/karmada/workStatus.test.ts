import {
  aggregateDeploymentStatus,
  aggregatedStatus,
  fullyApplied,
  reflectStatus,
} from './workStatus';

const memberDeployment = (
  replicas: number,
  ready: number,
  generation = 2,
  observed = 2,
) => ({
  kind: 'Deployment',
  metadata: { generation },
  spec: { replicas },
  status: {
    replicas,
    updatedReplicas: replicas,
    readyReplicas: ready,
    availableReplicas: ready,
    observedGeneration: observed,
  },
});

describe('work and binding status', () => {
  it('reflects a Deployment’s counts and judges health as Karmada’s interpreter does', () => {
    expect(reflectStatus(memberDeployment(4, 4))).toEqual({
      status: {
        replicas: 4,
        updatedReplicas: 4,
        readyReplicas: 4,
        availableReplicas: 4,
        unavailableReplicas: 0,
        observedGeneration: 2,
        generation: 2,
      },
      health: 'Healthy',
    });
    expect(reflectStatus(memberDeployment(4, 1)).health).toBe('Unhealthy');
    expect(reflectStatus(memberDeployment(4, 4, 3, 2)).health).toBe(
      'Unhealthy',
    );
    expect(reflectStatus({ kind: 'ConfigMap' })).toEqual({ health: 'Healthy' });
  });

  it('aggregates per scheduled cluster and sums the template status', () => {
    const work = (status: any) => ({ metadata: { name: 'w' }, status });
    const works: Record<string, any> = {
      'prod-eu-west-aws-1': work({
        conditions: [
          {
            type: 'Applied',
            status: 'True',
            reason: 'AppliedSuccessful',
            message: '',
            lastTransitionTime: 't',
          },
        ],
        manifestStatuses: [reflectStatus(memberDeployment(1, 1))],
      }),
      'prod-eu-west-gcp-1': work({
        conditions: [
          {
            type: 'Applied',
            status: 'True',
            reason: 'AppliedSuccessful',
            message: '',
            lastTransitionTime: 't',
          },
        ],
        manifestStatuses: [reflectStatus(memberDeployment(5, 3))],
      }),
      'prod-us-east-aws-1': work({
        conditions: [
          {
            type: 'Applied',
            status: 'False',
            reason: 'AppliedFailed',
            message: 'connection refused',
            lastTransitionTime: 't',
          },
        ],
      }),
    };
    const clusters = [
      { name: 'prod-us-east-aws-1' },
      { name: 'prod-eu-west-gcp-1' },
      { name: 'prod-eu-west-aws-1' },
    ];
    const items = aggregatedStatus(clusters, c => works[c]);
    expect(
      items.map(i => [
        i.clusterName,
        i.applied,
        i.health,
        i.status?.readyReplicas,
      ]),
    ).toEqual([
      ['prod-eu-west-aws-1', true, 'Healthy', 1],
      ['prod-eu-west-gcp-1', true, 'Unhealthy', 3],
      ['prod-us-east-aws-1', false, 'Unknown', undefined],
    ]);
    expect(items[2].appliedMessage).toBe('connection refused');
    expect(fullyApplied(clusters, items)).toMatchObject({
      status: 'False',
      message: '2 of 3 works applied',
    });
    const template = {
      metadata: { generation: 2 },
      status: { observedGeneration: 1 },
    };
    expect(
      aggregateDeploymentStatus(template, items.slice(0, 2), true),
    ).toEqual({
      replicas: 6,
      updatedReplicas: 6,
      readyReplicas: 4,
      availableReplicas: 4,
      unavailableReplicas: 0,
      observedGeneration: 2,
    });
    // Not every cluster reported yet: the observed generation stays.
    expect(
      aggregateDeploymentStatus(template, items, false).observedGeneration,
    ).toBe(1);
  });
});
