import type { EntityPlacement } from '../api/placement';
import { replicaAssignmentOf } from './placementReplicas';

function placement(extra: Partial<EntityPlacement> = {}): EntityPlacement {
  return {
    entityRef: 'component:default/checkout',
    kubernetesId: 'checkout',
    desired: { karmada: [] },
    actual: {
      clusters: [
        {
          cluster: 'eu',
          source: 'config',
          workloads: [],
          replicas: 3,
          readyReplicas: 3,
          latencyMs: 1,
        },
      ],
      totalReplicas: 3,
      readyReplicas: 3,
    },
    errors: [],
    durationMs: 1,
    ...extra,
  };
}

const unreachable = (cluster: string) => ({
  cluster,
  message: 'timeout',
  timeout: true,
});

describe('replicaAssignmentOf', () => {
  it('takes the observed replicas of each cluster', () => {
    expect(replicaAssignmentOf(placement(), [])).toEqual([
      { name: 'eu', replicas: 3 },
    ]);
  });

  it("counts an unreadable cluster's replicas from Karmada's binding", () => {
    const p = placement({
      errors: [unreachable('us')],
      desired: {
        karmada: [
          {
            controlPlane: 'global',
            resource: {
              apiVersion: 'apps/v1',
              kind: 'Deployment',
              name: 'checkout',
              namespace: 'shop',
            },
            policies: [],
            resourceBinding: {
              name: 'checkout-deployment',
              namespace: 'shop',
              clusters: [
                { name: 'eu', replicas: 3 },
                { name: 'us', replicas: 2 },
              ],
            },
          },
        ],
      },
    });
    expect(replicaAssignmentOf(p, [])).toEqual([
      { name: 'eu', replicas: 3 },
      { name: 'us', replicas: 2 },
    ]);
  });

  it("else from the service's workloads in the fleet's last snapshot", () => {
    const p = placement({ errors: [unreachable('us'), unreachable('ap')] });
    const fleet = [
      {
        name: 'us',
        workloads: [
          {
            namespace: 'shop',
            kind: 'Deployment',
            name: 'checkout',
            replicas: 2,
            kubernetesId: 'checkout',
            source: 'config' as const,
          },
          {
            namespace: 'shop',
            kind: 'Deployment',
            name: 'cart',
            replicas: 5,
            kubernetesId: 'cart',
            source: 'config' as const,
          },
        ],
      },
    ];
    expect(replicaAssignmentOf(p, fleet)).toEqual([
      { name: 'eu', replicas: 3 },
      { name: 'us', replicas: 2 },
    ]);
  });
});
