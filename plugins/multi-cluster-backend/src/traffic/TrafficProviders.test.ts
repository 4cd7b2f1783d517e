import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { mockServices } from '@backstage/backend-test-utils';
import type {
  ClusterClientFactory,
  TrafficProviderFactory,
} from '@flotilla/plugin-multi-cluster-node';
import { createTrafficProviderTypes } from './providerTypes';
import { TrafficProviders } from './TrafficProviders';

const clients = {} as ClusterClientFactory;
const clusterClient = async () => undefined;

function registry(
  providers: JsonObject[] | undefined,
  extra: {
    failover?: JsonObject;
    types?: ReadonlyMap<string, TrafficProviderFactory>;
  } = {},
) {
  return TrafficProviders.create({
    config: new ConfigReader({
      multiCluster: {
        ...(providers ? { traffic: { providers } } : {}),
        ...(extra.failover ? { failover: extra.failover } : {}),
      },
    }),
    logger: mockServices.logger.mock(),
    clients,
    clusterClient,
    types: extra.types,
  });
}

const DNS = {
  name: 'dns',
  type: 'external-dns',
  cluster: 'prod-us-east-aws-1',
  mode: 'weighted',
  targets: { 'prod-eu-west-aws-1': 'ingress.eu.example.com' },
};

describe('TrafficProviders', () => {
  it('builds each entry with the factory of its type and answers it by name', () => {
    const providers = registry([
      DNS,
      { name: 'hook', type: 'webhook', url: 'https://dns.example.com/shift' },
    ]);
    expect(providers.get('dns')).toMatchObject({
      name: 'dns',
      type: 'external-dns',
    });
    expect(providers.get('hook')).toMatchObject({
      name: 'hook',
      type: 'webhook',
    });
    expect(providers.get('route53')).toBeUndefined();
  });

  it('adds types from the extension point, never over a built-in one', () => {
    const { types, extensionPoint } = createTrafficProviderTypes();
    const factory: TrafficProviderFactory = ({ config }) => ({
      name: config.getString('name'),
      type: 'acme-glb',
      read: jest.fn(),
      shift: jest.fn(),
      restore: jest.fn(),
    });
    extensionPoint.addTrafficProviderType('acme-glb', factory);
    expect(() =>
      extensionPoint.addTrafficProviderType('external-dns', factory),
    ).toThrow("Traffic provider type 'external-dns' is already defined");
    expect(() =>
      extensionPoint.addTrafficProviderType('Bad Type', factory),
    ).toThrow("Invalid traffic provider type 'Bad Type'");
    const providers = registry([{ name: 'glb', type: 'acme-glb' }], { types });
    expect(providers.get('glb')?.type).toBe('acme-glb');
  });

  it.each([
    [
      [{ name: 'glb', type: 'acme-glb' }],
      "multiCluster.traffic.providers[0] (glb): unknown type 'acme-glb' (known: cloudflare, external-dns, global-accelerator, route53, webhook)",
    ],
    [
      [DNS, DNS],
      "multiCluster.traffic.providers[1]: the name 'dns' is used twice",
    ],
    [[{ ...DNS, name: 'DNS!' }], "name 'DNS!' is not a DNS label"],
    [
      [{ ...DNS, mode: 'geo' }],
      "multiCluster.traffic.providers[0] (dns, external-dns): mode must be 'weighted' or 'target', not 'geo'",
    ],
    [[{ ...DNS, wieght: 5 }], 'unknown setting wieght'],
    [
      [{ ...DNS, targets: { a: 'x.example.com', b: 'x.example.com' } }],
      'targets: two clusters have the same address',
    ],
    [
      [{ ...DNS, mode: 'target', targets: undefined }],
      'mode target needs targets',
    ],
    [[{ ...DNS, weight: 300 }], 'weight must be an integer from 1 to 255'],
    [
      [{ name: 'hook', type: 'webhook', url: 'ftp://x' }],
      'url must be an http(s) URL',
    ],
    [
      [{ name: 'x' }],
      "Missing required config value at 'multiCluster.traffic.providers[0].type'",
    ],
  ])('fails at startup, naming the entry: %j', (providers, message) => {
    expect(() => registry(providers)).toThrow(message);
  });

  it('keeps the legacy failover webhook as the provider `webhook`, unless one is so named', () => {
    const failover = {
      traffic: { webhook: { url: 'https://hooks.example.com' } },
    };
    expect(registry(undefined, { failover }).get('webhook')).toMatchObject({
      name: 'webhook',
      type: 'webhook',
    });
    const named = registry([{ ...DNS, name: 'webhook' }], { failover });
    expect(named.get('webhook')?.type).toBe('external-dns');
    expect(registry(undefined).get('webhook')).toBeUndefined();
  });
});
