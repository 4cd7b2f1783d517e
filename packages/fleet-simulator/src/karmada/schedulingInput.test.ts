import { schedule } from '@flotilla/plugin-multi-cluster-common';
import type { Cluster } from './clusterTypes';
import { desiredBinding } from './bindings';
import {
  clusterSnapshot,
  scheduleRequestFor,
  schedulingTrigger,
} from './schedulingInput';
import { workloadManifests } from './seedManifests';

const cluster = (
  name: string,
  extra: Partial<Cluster['spec']> = {},
  allocatable = { cpu: '16', memory: '64Gi', pods: '110' },
): Cluster => ({
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name, labels: { 'flotilla.io/environment': 'prod' } },
  spec: {
    syncMode: 'Push',
    provider: 'aws',
    region: 'eu-west',
    zone: 'eu-west-1a',
    ...extra,
  },
  status: {
    resourceSummary: {
      allocatable,
      allocated: { cpu: '2', memory: '4Gi', pods: '8' },
      allocating: {},
    },
  },
});

describe('scheduling input', () => {
  it('turns a Cluster into a snapshot (zones from the deprecated zone, taints, resource summary)', () => {
    const snapshot = clusterSnapshot(
      cluster('prod-eu-west-aws-1', {
        taints: [
          {
            key: 'cluster.karmada.io/not-ready',
            effect: 'NoExecute',
            timeAdded: '2026-12-03T10:00:00Z',
          },
        ],
      }),
    );
    expect(snapshot).toEqual({
      name: 'prod-eu-west-aws-1',
      labels: { 'flotilla.io/environment': 'prod' },
      provider: 'aws',
      region: 'eu-west',
      zones: ['eu-west-1a'],
      taints: [
        {
          key: 'cluster.karmada.io/not-ready',
          value: undefined,
          effect: 'NoExecute',
          timeAdded: '2026-12-03T10:00:00Z',
        },
      ],
      resourceSummary: {
        allocatable: { cpu: '16', memory: '64Gi', pods: '110' },
        allocated: { cpu: '2', memory: '4Gi', pods: '8' },
        allocating: {},
      },
    });
  });

  it('schedules a seeded workload in its scenario proportions (static weights)', () => {
    const { deployment, propagationPolicy } = workloadManifests({
      kubernetesId: 'checkout',
      namespace: 'shop',
      replicas: {
        'prod-eu-west-gcp-1': 2,
        'prod-eu-west-aws-1': 4,
        'prod-us-east-aws-1': 0,
      },
      requests: { cpu: '250m', memory: '256Mi' },
    });
    const template = {
      ...deployment,
      metadata: { ...deployment.metadata, uid: 'u-1', resourceVersion: '5' },
    };
    const { spec } = desiredBinding(
      template as never,
      propagationPolicy as never,
      false,
    );
    expect(spec.replicas).toBe(6);
    expect(spec.replicaRequirements).toEqual({
      resourceRequest: { cpu: '250m', memory: '256Mi' },
    });
    const binding = {
      metadata: {
        name: 'checkout-deployment',
        namespace: 'shop',
        generation: 1,
      },
      spec,
    };
    const clusters = [
      cluster('prod-eu-west-aws-1'),
      cluster('prod-eu-west-gcp-1', { provider: 'gcp' }),
      cluster('prod-us-east-aws-1'),
    ];
    const request = scheduleRequestFor(binding as never, clusters);
    expect(request.clusters.map(c => c.name)).toEqual([
      'prod-eu-west-aws-1',
      'prod-eu-west-gcp-1',
      'prod-us-east-aws-1',
    ]);
    expect(schedule(request).targets).toEqual([
      { name: 'prod-eu-west-aws-1', replicas: 4 },
      { name: 'prod-eu-west-gcp-1', replicas: 2 },
    ]);
    // A NotReady (NoExecute-tainted) member is filtered out on a fresh schedule.
    const tainted = [
      clusters[0],
      cluster('prod-eu-west-gcp-1', {
        taints: [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' }],
      }),
    ];
    expect(
      schedule(scheduleRequestFor(binding as never, tainted)).targets,
    ).toEqual([{ name: 'prod-eu-west-aws-1', replicas: 6 }]);
  });

  it('reschedules only when the spec or the candidate clusters change', () => {
    const binding = {
      metadata: { name: 'b', generation: 2 },
      spec: {
        placement: { clusterAffinity: { clusterNames: ['a-1', 'b-1'] } },
      },
    };
    const before = schedulingTrigger(binding, [cluster('a-1'), cluster('c-1')]);
    expect(before).toEqual({ generation: 2, candidates: ['a-1'] });
    const tainted = schedulingTrigger(binding, [
      cluster('a-1', { taints: [{ key: 'x', effect: 'NoSchedule' }] }),
      cluster('c-1'),
    ]);
    expect(tainted).toEqual(before);
    expect(
      schedulingTrigger(binding, [cluster('a-1'), cluster('b-1')]).candidates,
    ).toEqual(['a-1', 'b-1']);
  });
});
