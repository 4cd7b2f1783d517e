import { ConfigReader } from '@backstage/config';
import { readAddonsConfig } from './config';

function read(
  addons: unknown,
  karmada = [{ name: 'global', url: 'https://k' }],
) {
  return readAddonsConfig(
    new ConfigReader({ multiCluster: { karmada, addons } } as any),
  );
}

describe('readAddonsConfig', () => {
  it('reads all three delivery types with their defaults', () => {
    expect(
      read([
        {
          name: 'kyverno-baseline',
          category: 'policy',
          requiredOn: { matchLabels: { environment: 'prod' } },
          delivery: {
            type: 'argocd-applicationset',
            cluster: 'mgmt',
            name: 'cluster-addons',
          },
        },
        {
          name: 'monitoring',
          // label keys with dots only fit the text form
          requiredOn: {
            matchLabels: 'topology.kubernetes.io/region=eu-west-1, tier=gold',
          },
          delivery: { type: 'fleet-gitrepo', cluster: 'rancher', name: 'mon' },
        },
        {
          name: 'gatekeeper',
          requiredOn: {},
          delivery: {
            type: 'karmada-clusterpropagationpolicy',
            controlPlane: 'global',
            name: 'gatekeeper-policies',
          },
        },
      ]),
    ).toEqual([
      {
        name: 'kyverno-baseline',
        category: 'policy',
        requiredOn: { matchLabels: { environment: 'prod' } },
        delivery: {
          type: 'argocd-applicationset',
          cluster: 'mgmt',
          namespace: 'argocd',
          name: 'cluster-addons',
        },
      },
      {
        name: 'monitoring',
        requiredOn: {
          matchLabels: {
            'topology.kubernetes.io/region': 'eu-west-1',
            tier: 'gold',
          },
        },
        delivery: {
          type: 'fleet-gitrepo',
          cluster: 'rancher',
          namespace: 'fleet-default',
          name: 'mon',
        },
      },
      {
        name: 'gatekeeper',
        delivery: {
          type: 'karmada-clusterpropagationpolicy',
          controlPlane: 'global',
          name: 'gatekeeper-policies',
        },
      },
    ]);
  });

  it('is empty when nothing is configured', () => {
    expect(readAddonsConfig(new ConfigReader({}))).toEqual([]);
  });

  it('names the config path of each problem', () => {
    expect(() =>
      read([
        {
          name: 'a',
          delivery: { type: 'argocd-applicationset', cluster: 'mgmt' },
        },
        { name: 'b', delivery: { type: 'flux-kustomization', name: 'x' } },
        {
          name: 'c',
          delivery: {
            type: 'fleet-gitrepo',
            cluster: 'rancher',
            namespace: 'Fleet_Default',
            name: 'mon',
          },
        },
      ]),
    ).toThrow(
      /multiCluster\.addons\[0\]\.delivery\.name: Required.*multiCluster\.addons\[1\]\.delivery\.type: Invalid discriminator value.*multiCluster\.addons\[2\]\.delivery\.namespace: /,
    );
  });

  it('rejects unknown keys, bad labels and bad names', () => {
    expect(() =>
      read([
        {
          name: 'a',
          delivery: {
            type: 'karmada-clusterpropagationpolicy',
            controlplane: 'global',
            name: 'p',
          },
        },
      ]),
    ).toThrow(/multiCluster\.addons\[0\]\.delivery.*controlplane/);
    expect(() =>
      read([
        {
          name: 'a',
          requiredOn: { matchLabels: 'env' },
          delivery: { type: 'fleet-gitrepo', cluster: 'r', name: 'm' },
        },
      ]),
    ).toThrow(
      "multiCluster.addons[0].requiredOn.matchLabels: expected key=value, got 'env'",
    );
    expect(() =>
      read([
        {
          name: 'a',
          requiredOn: { matchLabels: 'tier=gold silver' },
          delivery: { type: 'fleet-gitrepo', cluster: 'r', name: 'm' },
        },
      ]),
    ).toThrow(/requiredOn\.matchLabels: label value "gold silver"/);
    expect(() =>
      read([
        {
          name: 'has space',
          delivery: { type: 'fleet-gitrepo', cluster: 'r', name: 'm' },
        },
      ]),
    ).toThrow(
      /multiCluster\.addons\[0\]\.name: must start with a letter or digit/,
    );
  });

  it('rejects duplicate names and unknown Karmada control planes', () => {
    const delivery = { type: 'fleet-gitrepo', cluster: 'r', name: 'm' };
    expect(() =>
      read([
        { name: 'mon', delivery },
        { name: 'mon', delivery },
        {
          name: 'pol',
          delivery: {
            type: 'karmada-clusterpropagationpolicy',
            controlPlane: 'regional',
            name: 'p',
          },
        },
      ]),
    ).toThrow(
      "Invalid add-on configuration: multiCluster.addons[1].name: 'mon' is already used by multiCluster.addons[0]; multiCluster.addons[2].delivery.controlPlane: no Karmada control plane named 'regional' in multiCluster.karmada",
    );
    expect(() => read({ name: 'not-a-list' })).toThrow(
      /multiCluster\.addons: Expected array/,
    );
  });
});
