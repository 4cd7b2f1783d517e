import type { ClusterSnapshot } from '../types';
import {
  compileClusterAffinity,
  matchesClusterAffinity,
} from './clusterAffinity';

const cluster: ClusterSnapshot = {
  name: 'member1',
  labels: { env: 'prod' },
  provider: 'aws',
  region: 'eu-west-1',
  zones: ['eu-west-1a', 'eu-west-1b'],
};
const bare: ClusterSnapshot = { name: 'bare' };

describe('matchesClusterAffinity', () => {
  it('matches everything with an empty affinity', () => {
    expect(matchesClusterAffinity(cluster, {})).toBe(true);
    expect(matchesClusterAffinity(bare, {})).toBe(true);
  });

  it('excludes by name before anything else', () => {
    expect(
      matchesClusterAffinity(cluster, {
        exclude: ['member1'],
        clusterNames: ['member1'],
      }),
    ).toBe(false);
  });

  it('requires the name in clusterNames when listed', () => {
    expect(
      matchesClusterAffinity(cluster, { clusterNames: ['member1', 'x'] }),
    ).toBe(true);
    expect(matchesClusterAffinity(cluster, { clusterNames: ['x'] })).toBe(
      false,
    );
    expect(matchesClusterAffinity(cluster, { clusterNames: [] })).toBe(true);
  });

  it('applies the label selector', () => {
    expect(
      matchesClusterAffinity(cluster, {
        labelSelector: { matchLabels: { env: 'prod' } },
      }),
    ).toBe(true);
    expect(
      matchesClusterAffinity(cluster, {
        labelSelector: { matchLabels: { env: 'dev' } },
      }),
    ).toBe(false);
  });

  it('evaluates provider/region as pseudo-labels (empty means absent)', () => {
    const inRegion = {
      fieldSelector: {
        matchExpressions: [
          {
            key: 'region' as const,
            operator: 'In' as const,
            values: ['eu-west-1'],
          },
        ],
      },
    };
    const notInRegion = {
      fieldSelector: {
        matchExpressions: [
          {
            key: 'region' as const,
            operator: 'NotIn' as const,
            values: ['eu-west-1'],
          },
        ],
      },
    };
    const provider = {
      fieldSelector: {
        matchExpressions: [
          {
            key: 'provider' as const,
            operator: 'In' as const,
            values: ['gcp'],
          },
        ],
      },
    };
    expect(matchesClusterAffinity(cluster, inRegion)).toBe(true);
    expect(matchesClusterAffinity(cluster, notInRegion)).toBe(false);
    expect(matchesClusterAffinity(bare, notInRegion)).toBe(true);
    expect(matchesClusterAffinity({ ...cluster, region: '' }, inRegion)).toBe(
      false,
    );
    expect(matchesClusterAffinity(cluster, provider)).toBe(false);
  });

  it('evaluates zone against spec.zones', () => {
    const zone = (operator: string, values?: string[]) => ({
      fieldSelector: { matchExpressions: [{ key: 'zone', operator, values }] },
    });
    const check = (
      target: ClusterSnapshot,
      operator: string,
      values?: string[],
    ) => compileClusterAffinity(zone(operator, values) as never)(target);
    expect(check(cluster, 'In', ['eu-west-1b'])).toBe(true);
    expect(check(cluster, 'In', ['us-east-1a'])).toBe(false);
    expect(check(bare, 'In', ['eu-west-1b'])).toBe(false);
    expect(check(cluster, 'NotIn', ['eu-west-1a'])).toBe(false);
    expect(check(cluster, 'NotIn', ['us-east-1a'])).toBe(true);
    expect(check(bare, 'NotIn', ['us-east-1a'])).toBe(true);
    expect(check(cluster, 'Exists')).toBe(true);
    expect(check(bare, 'Exists')).toBe(false);
    expect(check(bare, 'DoesNotExist')).toBe(true);
    expect(check(cluster, 'Gt', ['1'])).toBe(false);
  });

  it('ANDs every criterion', () => {
    const affinity = {
      labelSelector: { matchLabels: { env: 'prod' } },
      fieldSelector: {
        matchExpressions: [
          {
            key: 'provider' as const,
            operator: 'In' as const,
            values: ['aws'],
          },
          {
            key: 'zone' as const,
            operator: 'In' as const,
            values: ['eu-west-1a'],
          },
        ],
      },
      clusterNames: ['member1'],
    };
    expect(matchesClusterAffinity(cluster, affinity)).toBe(true);
    expect(matchesClusterAffinity({ ...cluster, labels: {} }, affinity)).toBe(
      false,
    );
    expect(
      matchesClusterAffinity({ ...cluster, zones: ['eu-west-1c'] }, affinity),
    ).toBe(false);
  });

  it('matches nothing with an invalid field selector operator', () => {
    expect(
      matchesClusterAffinity(cluster, {
        fieldSelector: {
          matchExpressions: [
            { key: 'region', operator: 'Like' as 'In', values: ['eu'] },
          ],
        },
      }),
    ).toBe(false);
  });
});
