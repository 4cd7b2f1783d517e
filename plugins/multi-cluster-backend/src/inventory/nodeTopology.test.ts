import type { V1Node } from '@kubernetes/client-node';
import { liqoVirtualNode } from '../connectivity/__fixtures__/nodes';
import { topologyFromNodes, withNodeTopology } from './nodeTopology';

const node = (
  providerID: string | undefined,
  labels: Record<string, string>,
) => ({ metadata: { name: 'n', labels }, spec: { providerID } });

describe('topologyFromNodes', () => {
  it.each([
    ['aws:///us-east-1a/i-0abc', 'aws'],
    ['gce://flotilla-fleet/us-east1-b/n-1', 'gcp'],
    [
      'azure:///subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/virtualMachines/n',
      'azure',
    ],
    ['kind://docker/kind/kind-worker', undefined],
    [undefined, undefined],
  ])('reads provider %s as %s', (providerID, provider) => {
    expect(topologyFromNodes([node(providerID, {})]).provider).toBe(provider);
  });

  it('takes the region most nodes carry, every zone, and leaves virtual nodes out', () => {
    expect(
      topologyFromNodes([
        node('aws:///a', {
          'topology.kubernetes.io/region': 'eu-west-1',
          'topology.kubernetes.io/zone': 'eu-west-1b',
        }),
        node('aws:///b', {
          'failure-domain.beta.kubernetes.io/region': 'eu-west-1',
          'failure-domain.beta.kubernetes.io/zone': 'eu-west-1a',
        }),
        node('aws:///c', { 'topology.kubernetes.io/region': 'us-east-1' }),
        {
          ...liqoVirtualNode,
          metadata: {
            ...liqoVirtualNode.metadata,
            labels: {
              ...liqoVirtualNode.metadata.labels,
              'topology.kubernetes.io/region': 'us-east-1',
              'topology.kubernetes.io/zone': 'us-east-1a',
            },
          },
        } as V1Node,
      ]),
    ).toEqual({
      region: 'eu-west-1',
      zones: ['eu-west-1a', 'eu-west-1b'],
      provider: 'aws',
    });
    expect(topologyFromNodes([])).toEqual({});
  });
});

describe('withNodeTopology', () => {
  it('fills what the source does not declare and keeps what it does', () => {
    const record = withNodeTopology(
      {
        name: 'c',
        source: 'config',
        sourceId: 'config',
        fields: { provider: 'on-prem', labels: { team: 'a' } },
      },
      { region: 'eu-west-1', zones: ['eu-west-1a'], provider: 'aws' },
    );
    expect(record.fields).toEqual({
      provider: 'on-prem',
      region: 'eu-west-1',
      zones: ['eu-west-1a'],
      labels: {
        team: 'a',
        'flotilla.io/region': 'eu-west-1',
        region: 'eu-west-1',
        'flotilla.io/zones': 'eu-west-1a',
        provider: 'on-prem',
      },
    });
  });
});
