import { ClusterProfile } from '@flotilla/plugin-multi-cluster-common';
import { withReservations } from './capacityReservations';

const cluster = (name: string, allocated?: Record<string, string>) =>
  ({
    name,
    resourceSummary: {
      allocatable: { cpu: '16', memory: '64Gi', pods: '110' },
      ...(allocated ? { allocated } : {}),
    },
  } as ClusterProfile);

describe('withReservations', () => {
  it('adds what running children are putting on each cluster to its allocated', () => {
    const fleet = [
      cluster('us-1', { cpu: '2500m', memory: '8Gi', pods: '10' }),
      cluster('us-2'),
      cluster('ap-1', { cpu: '1' }),
    ];
    const out = withReservations(fleet, [
      // 3 x 500m + 2 x 250m = 2 CPUs; 3 x 1Gi = 3Gi; 5 pods.
      {
        cluster: 'us-1',
        replicas: 3,
        resourceRequest: { cpu: '500m', memory: '1Gi' },
      },
      { cluster: 'us-1', replicas: 2, resourceRequest: { cpu: '250m' } },
      // Nothing allocated yet: 4 x 1 CPU, 4 pods.
      { cluster: 'us-2', replicas: 4, resourceRequest: { cpu: '1' } },
      // A cluster outside the fleet is ignored.
      { cluster: 'gone', replicas: 1, resourceRequest: { cpu: '1' } },
    ]);
    expect(out.map(c => c.resourceSummary?.allocated)).toEqual([
      { cpu: '4500m', memory: '11Gi', pods: '15' },
      { cpu: '4', pods: '4' },
      { cpu: '1' },
    ]);
    // The caller's fleet is left as it was.
    expect(fleet[0].resourceSummary?.allocated).toEqual({
      cpu: '2500m',
      memory: '8Gi',
      pods: '10',
    });
  });

  it('leaves an entry that is not a quantity alone', () => {
    const [out] = withReservations(
      [cluster('us-1', { cpu: 'lots', pods: '1' })],
      [{ cluster: 'us-1', replicas: 2, resourceRequest: { cpu: '1' } }],
    );
    expect(out.resourceSummary?.allocated).toEqual({ cpu: 'lots', pods: '3' });
  });
});
