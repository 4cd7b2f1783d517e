import { lossClusters } from '../../__fixtures__/regionLoss';
import { formatAmount, regionCapacityRows } from './capacity';

describe('regionCapacityRows', () => {
  it('sums each region’s clusters before the loss and its survivors after', () => {
    // CPU in cores (fixture): ap-southeast prod-ap-1 16 allocatable, 4 used
    // before, 15.5 after; eu-west prod-eu-1 32/16 and prod-eu-2 32/8, both
    // lost; us-east prod-us-1 64/16→24 and prod-us-2 32/8→30.
    expect(regionCapacityRows(lossClusters, 'cpu')).toEqual([
      // free before 16-4 = 12; after 16-15.5 = 0.5.
      {
        region: 'ap-southeast',
        usedBefore: 4,
        freeBefore: 12,
        usedAfter: 15.5,
        freeAfter: 0.5,
        lost: 0,
      },
      // before: used 16+8 = 24, free 16+24 = 40; after nothing survives and
      // the 64 allocatable cores are lost.
      {
        region: 'eu-west',
        usedBefore: 24,
        freeBefore: 40,
        usedAfter: 0,
        freeAfter: 0,
        lost: 64,
      },
      // before: used 16+8 = 24, free 48+24 = 72; after used 24+30 = 54,
      // free 40+2 = 42.
      {
        region: 'us-east',
        usedBefore: 24,
        freeBefore: 72,
        usedAfter: 54,
        freeAfter: 42,
        lost: 0,
      },
    ]);
  });

  it('counts an overcommitted cluster as having no room, not negative room', () => {
    const [cluster] = lossClusters;
    const overcommitted = {
      ...cluster,
      memory: {
        allocatable: 1024 ** 3,
        usedBefore: 0,
        usedAfter: 3 * 1024 ** 3,
      },
    };
    // 1 GiB allocatable, 3 GiB used after: free is 0, used stays 3.
    expect(regionCapacityRows([overcommitted], 'memory')[0]).toMatchObject({
      usedAfter: 3,
      freeAfter: 0,
    });
  });
});

describe('formatAmount', () => {
  it('says cores and GiB with one decimal at most', () => {
    expect(formatAmount('cpu', 15500)).toBe('15.5 cores');
    // 1.25 GiB rounds to 1.3.
    expect(formatAmount('memory', 1.25 * 1024 ** 3)).toBe('1.3 GiB');
  });
});
