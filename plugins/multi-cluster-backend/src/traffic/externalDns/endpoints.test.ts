import { AWS_WEIGHT, DnsEndpointEntry, EndpointMapping } from './endpoints';

const TARGETS = {
  eu: 'ingress.eu.example.com',
  us: 'ingress.us.example.com',
  ap: '203.0.113.7',
};
const weighted = new EndpointMapping({
  cluster: 'dns',
  mode: 'weighted',
  targets: TARGETS,
  weight: 50,
});
const byTarget = new EndpointMapping({
  cluster: 'dns',
  mode: 'target',
  targets: TARGETS,
  weight: 100,
});

const entry = (cluster: string, weight?: number): DnsEndpointEntry => ({
  dnsName: 'shop.example.com',
  recordType: 'CNAME',
  setIdentifier: cluster,
  targets: [TARGETS[cluster as keyof typeof TARGETS]],
  recordTTL: 60,
  providerSpecific: [
    { name: 'aws/evaluate-target-health', value: 'true' },
    ...(weight === undefined
      ? []
      : [{ name: AWS_WEIGHT, value: String(weight) }]),
  ],
});

describe('external-dns endpoints', () => {
  it('reads weighted endpoints in cluster terms', () => {
    expect(weighted.endpointsOf([entry('eu', 100), entry('us', 0)])).toEqual([
      { cluster: 'eu', target: TARGETS.eu, weight: 100, enabled: true },
      { cluster: 'us', target: TARGETS.us, weight: 0, enabled: false },
    ]);
  });

  it('moves the weight off the source, keeping every other property in place', () => {
    const shifted = weighted.shifted([entry('eu', 100), entry('us', 0)], 'eu', [
      'us',
    ]);
    expect(shifted).toEqual([entry('eu', 0), entry('us', 50)]);
    // Already shifted: the same entries (nothing to write).
    expect(weighted.shifted(shifted, 'eu', ['us'])).toEqual(shifted);
  });

  it("adds a target's endpoint from the record's name and type", () => {
    const [shiftedEu, added] = weighted.shifted([entry('eu', 100)], 'eu', [
      'ap',
    ]);
    expect(shiftedEu).toEqual(entry('eu', 0));
    expect(added).toEqual({
      dnsName: 'shop.example.com',
      recordType: 'CNAME',
      recordTTL: 60,
      setIdentifier: 'ap',
      targets: ['203.0.113.7'],
      providerSpecific: [{ name: AWS_WEIGHT, value: '50' }],
    });
    expect(() => weighted.shifted([entry('eu', 100)], 'eu', ['sa'])).toThrow(
      "no address for cluster sa (the provider's targets.sa)",
    );
  });

  it('swaps the targets of the endpoint that points at the source', () => {
    const record = [
      {
        dnsName: 'shop.example.com',
        recordType: 'CNAME',
        targets: [TARGETS.eu],
      },
    ];
    const shifted = byTarget.shifted(record, 'eu', ['us', 'ap']);
    expect(shifted).toEqual([
      { ...record[0], targets: [TARGETS.us, '203.0.113.7'] },
    ]);
    expect(byTarget.endpointsOf(shifted)).toEqual([
      { cluster: 'us', target: TARGETS.us, enabled: true },
      { cluster: 'ap', target: '203.0.113.7', enabled: true },
    ]);
    expect(byTarget.shifted(shifted, 'eu', ['us', 'ap'])).toEqual(shifted);
  });
});
