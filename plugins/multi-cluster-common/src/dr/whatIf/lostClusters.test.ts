import { smallFleet } from './__fixtures__/whatIfFleet';
import { resolveLostClusters } from './lostClusters';
import { WhatIfLossError } from './types';

describe('resolveLostClusters', () => {
  const fleet = smallFleet();

  it('takes every cluster of a region', () => {
    // eu-west holds eu-1 and eu-2.
    expect(resolveLostClusters(fleet, { regions: ['eu-west'] })).toEqual([
      'eu-1',
      'eu-2',
    ]);
  });

  it('takes every cluster of a provider', () => {
    // aws runs eu-1 and us-1; gcp eu-2 and us-2.
    expect(resolveLostClusters(fleet, { providers: ['aws'] })).toEqual([
      'eu-1',
      'us-1',
    ]);
  });

  it('unites clusters, regions and providers, once each, by name', () => {
    // us-east: us-1, us-2; azure: ap-1; eu-1 by name; us-1 named twice.
    expect(
      resolveLostClusters(fleet, {
        clusters: ['us-1', 'eu-1'],
        regions: ['us-east'],
        providers: ['azure'],
      }),
    ).toEqual(['ap-1', 'eu-1', 'us-1', 'us-2']);
  });

  it.each([
    [{ clusters: ['eu-9'] }, "cluster 'eu-9' is not in the fleet"],
    [{ regions: ['mars'] }, "no cluster of the fleet is in region 'mars'"],
    [{ providers: ['ibm'] }, "no cluster of the fleet is in provider 'ibm'"],
    [{}, 'name at least one cluster, region or provider to lose'],
    [{ clusters: [] }, 'name at least one cluster, region or provider to lose'],
  ])('refuses %j: %s', (loss, message) => {
    expect(() => resolveLostClusters(fleet, loss)).toThrow(
      new WhatIfLossError(message),
    );
  });
});
