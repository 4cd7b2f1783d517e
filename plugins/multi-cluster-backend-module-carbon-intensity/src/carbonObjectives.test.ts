import type { ClusterProfile } from '@flotilla/plugin-multi-cluster-common';
import { carbonCeilingFilter, carbonScorer } from './carbonObjectives';

const regions = { 'eu-west': 250, 'us-east': 380, 'ap-southeast': 480 };
const cluster = (name: string, region?: string) =>
  ({ name, region } as ClusterProfile);
const eligible = [
  cluster('eu', 'eu-west'),
  cluster('us', 'us-east'),
  cluster('ap', 'ap-southeast'),
  cluster('mars', 'mars-1'),
];
const context = { requirements: { replicas: 1 }, eligible };

describe('carbonScorer', () => {
  const scorer = carbonScorer({ regions, weight: 1 });

  it('scores a cleaner grid higher, between the cleanest and the dirtiest', () => {
    // Cleanest 250 scores 100, dirtiest 480 scores 0; us-east:
    // 100 x (480 - 380) / (480 - 250) = 10000 / 230 = 43.48.
    expect(eligible.map(c => scorer.score(c, context))).toEqual([
      100,
      expect.closeTo(43.48, 2),
      0,
      undefined,
    ]);
  });

  it('says where an intensity came from, and when none is configured', () => {
    expect(scorer.explain!(eligible[1], context)).toBe(
      '380 gCO2eq/kWh in us-east',
    );
    expect(scorer.explain!(eligible[3], context)).toBe(
      'no carbon intensity configured for mars-1',
    );
  });

  it('does not read a region named like an Object property as configured', () => {
    expect(scorer.score(cluster('x', 'constructor'), context)).toBeUndefined();
  });
});

describe('carbonCeilingFilter', () => {
  const filter = carbonCeilingFilter({
    regions,
    weight: 1,
    maxGramsPerKwh: 400,
  });

  it('excludes grids above the ceiling and unknown ones', () => {
    expect(eligible.map(c => filter.filter(c, { replicas: 1 }))).toEqual([
      undefined,
      undefined,
      [
        'grid carbon intensity 480 gCO2eq/kWh in ap-southeast is above the ceiling of 400',
      ],
      [
        'no carbon intensity configured for mars-1; the ceiling is 400 gCO2eq/kWh',
      ],
    ]);
  });
});
