import { readDeclaredConnectivity } from './declared';

describe('readDeclaredConnectivity', () => {
  it('joins every declared fabric to every declared cluster set', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/environment': 'prod',
      'flotilla.io/cluster-sets': 'prod-eu, payments',
      'flotilla.io/fabrics': 'submariner,cloud-private',
      'flotilla.io/pod-cidrs': '10.244.0.0/16, fd00:10:244::/56',
      'flotilla.io/service-cidrs': '10.96.0.0/12',
      'flotilla.io/globalnet': 'True',
    });
    expect(errors).toEqual([]);
    expect(connectivity).toEqual({
      clusterSets: ['payments', 'prod-eu'],
      fabrics: [
        expect.objectContaining({
          kind: 'submariner',
          clusterSet: 'payments',
          detectedVia: 'declared',
          globalnet: true,
        }),
        expect.objectContaining({
          kind: 'cloud-private',
          clusterSet: 'payments',
        }),
        expect.objectContaining({ kind: 'submariner', clusterSet: 'prod-eu' }),
        expect.objectContaining({
          kind: 'cloud-private',
          clusterSet: 'prod-eu',
        }),
      ],
      networks: {
        podCidrs: ['10.244.0.0/16', 'fd00:10:244::/56'],
        serviceCidrs: ['10.96.0.0/12'],
        detectedVia: 'declared',
      },
    });
    expect(connectivity!.fabrics[0].evidence).toEqual([
      'Declared by flotilla.io/fabrics=submariner and flotilla.io/cluster-sets',
    ]);
  });

  it('returns nothing for a cluster that declares no connectivity', () => {
    expect(
      readDeclaredConnectivity({ 'flotilla.io/region': 'eu-west' }),
    ).toEqual({ errors: [] });
  });

  it('accepts a cluster set without a fabric, and networks alone', () => {
    expect(
      readDeclaredConnectivity({ 'flotilla.io/cluster-sets': 'lab' })
        .connectivity,
    ).toEqual({ clusterSets: ['lab'], fabrics: [] });
    expect(
      readDeclaredConnectivity({ 'flotilla.io/service-cidrs': '10.96.0.0/12' })
        .connectivity,
    ).toEqual({
      clusterSets: [],
      fabrics: [],
      networks: {
        podCidrs: [],
        serviceCidrs: ['10.96.0.0/12'],
        detectedVia: 'declared',
      },
    });
  });

  it('names the allowed fabrics when one is unknown, and drops the annotation', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/cluster-sets': 'prod',
      'flotilla.io/fabrics': 'submariner,linkerd',
    });
    expect(errors).toEqual([
      'flotilla.io/fabrics: "linkerd" is not a fabric; use submariner, istio, cilium-clustermesh, mcs, cloud-private, other',
    ]);
    expect(connectivity?.fabrics).toEqual([]);
    expect(connectivity?.clusterSets).toEqual(['prod']);
    expect(connectivity?.errors).toEqual(errors);
  });

  it('says which annotation to add when a fabric has no cluster set', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/fabrics': 'istio',
    });
    expect(errors).toEqual([
      'flotilla.io/fabrics declares istio but no cluster set: add flotilla.io/cluster-sets naming the set the fabric joins',
    ]);
    expect(connectivity).toBeUndefined();
  });

  it('names the annotation and the bad CIDR, and keeps none of that list', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/pod-cidrs': '10.244.0.0/16,10.245.0.1/16',
      'flotilla.io/service-cidrs': '10.96.0.0/12',
    });
    expect(errors).toEqual([
      'flotilla.io/pod-cidrs: "10.245.0.1/16" has host bits set; did you mean 10.245.0.0/16?',
    ]);
    expect(connectivity?.networks).toEqual({
      podCidrs: [],
      serviceCidrs: ['10.96.0.0/12'],
      detectedVia: 'declared',
    });
  });

  it('rejects a globalnet value that is not true or false', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/cluster-sets': 'prod',
      'flotilla.io/fabrics': 'submariner',
      'flotilla.io/globalnet': 'yes',
    });
    expect(errors).toEqual([
      'flotilla.io/globalnet: expected true or false, got "yes"',
    ]);
    expect(connectivity?.fabrics[0]).not.toHaveProperty('globalnet');
  });

  it('rejects globalnet with no declared fabric to apply it to', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/cluster-sets': 'prod',
      'flotilla.io/globalnet': 'true',
    });
    expect(errors).toEqual([
      'flotilla.io/globalnet applies to the declared fabrics, but no fabric is declared: add flotilla.io/fabrics',
    ]);
    expect(connectivity?.fabrics).toEqual([]);
  });

  it('rejects cluster set names that are not RFC 1123 subdomains', () => {
    const { connectivity, errors } = readDeclaredConnectivity({
      'flotilla.io/cluster-sets': 'Prod EU',
      'flotilla.io/fabrics': 'mcs',
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^flotilla\.io\/cluster-sets: "Prod EU" is not a valid RFC 1123 subdomain/,
      ),
    ]);
    expect(connectivity).toBeUndefined();
  });
});
