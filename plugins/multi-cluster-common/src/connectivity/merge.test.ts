import { readDeclaredConnectivity } from './declared';
import { mergeConnectivity } from './merge';
import type { ClusterConnectivity } from './types';

const detected: ClusterConnectivity = {
  clusterSets: ['broker-eu'],
  fabrics: [
    {
      kind: 'submariner',
      clusterSet: 'broker-eu',
      clusterId: 'eu-1',
      detectedVia: 'api',
      globalnet: false,
      gateway: { ready: true },
      evidence: ['Submariner Gateway eu-1-gw-0 is active'],
    },
  ],
  networks: {
    podCidrs: ['10.1.0.0/16'],
    serviceCidrs: ['10.101.0.0/16'],
    detectedVia: 'api',
  },
  mcs: { serviceExportCrd: true, serviceImportCrd: true, clusterId: 'eu-1' },
  serviceExports: [{ namespace: 'shop', name: 'cart', valid: true }],
  errors: ['Cilium ClusterMesh status could not be read: 403 Forbidden'],
};

const declared = readDeclaredConnectivity({
  'flotilla.io/cluster-sets': 'prod',
  'flotilla.io/fabrics': 'submariner,cloud-private',
  'flotilla.io/pod-cidrs': '10.244.0.0/16',
  'flotilla.io/globalnet': 'maybe',
}).connectivity;

describe('mergeConnectivity', () => {
  it('lets detected facts win and keeps declared fabrics of other kinds', () => {
    const merged = mergeConnectivity(detected, declared);
    expect(
      merged?.fabrics.map(f => `${f.kind}@${f.clusterSet}:${f.detectedVia}`),
    ).toEqual(['submariner@broker-eu:api', 'cloud-private@prod:declared']);
    expect(merged?.clusterSets).toEqual(['broker-eu', 'prod']);
    expect(merged?.networks).toBe(detected.networks);
    expect(merged?.mcs).toBe(detected.mcs);
    expect(merged?.serviceExports).toBe(detected.serviceExports);
    expect(merged?.errors).toEqual([
      'Cilium ClusterMesh status could not be read: 403 Forbidden',
      'flotilla.io/globalnet: expected true or false, got "maybe"',
    ]);
  });

  it('uses declared networks when detection found none', () => {
    const merged = mergeConnectivity(
      { clusterSets: [], fabrics: [] },
      declared,
    );
    expect(merged?.networks).toEqual({
      podCidrs: ['10.244.0.0/16'],
      serviceCidrs: [],
      detectedVia: 'declared',
    });
    expect(merged?.clusterSets).toEqual(['prod']);
  });

  it('returns whichever side exists', () => {
    expect(mergeConnectivity(undefined, undefined)).toBeUndefined();
    expect(mergeConnectivity(detected, undefined)).toBe(detected);
    expect(mergeConnectivity(undefined, declared)).toBe(declared);
  });

  it('does not change its inputs', () => {
    const before = JSON.stringify([detected, declared]);
    mergeConnectivity(detected, declared);
    expect(JSON.stringify([detected, declared])).toBe(before);
  });
});
