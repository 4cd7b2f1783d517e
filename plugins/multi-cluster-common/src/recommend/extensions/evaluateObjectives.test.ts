import { fleetCluster, sampleFleet } from '../../__fixtures__/fleet';
import { recommendPlacement } from '../recommendPlacement';
import { costScorer } from '../scorers';
import type {
  PlacementFilter,
  PlacementScorer,
  WorkloadRequirements,
} from '../types';
import { evaluateObjectives } from './evaluateObjectives';

/** gCO2eq/kWh per region, as a carbon-intensity module would configure it. */
const intensity: Record<string, number> = {
  'eu-west': 100,
  'us-east': 400,
};

const carbon: PlacementScorer = {
  id: 'carbon',
  weight: 2,
  score: cluster => {
    const grams = intensity[cluster.region ?? ''];
    return grams === undefined ? undefined : 100 - grams / 5;
  },
  explain: cluster =>
    intensity[cluster.region ?? ''] === undefined
      ? `no carbon intensity configured for ${cluster.region}`
      : `${intensity[cluster.region!]} gCO2eq/kWh`,
};

const noDirtyGrid: PlacementFilter = {
  id: 'max-carbon',
  filter: cluster =>
    (intensity[cluster.region ?? ''] ?? 0) > 300
      ? ['grid above 300 gCO2eq/kWh']
      : undefined,
};

describe('evaluateObjectives', () => {
  it.each<[string, WorkloadRequirements]>([
    ['a plain request', { replicas: 4, resourceRequest: { cpu: '1' } }],
    [
      'a request with users and residency',
      {
        replicas: 6,
        resourceRequest: { cpu: '2', memory: '4Gi' },
        userRegions: ['eu-west', 'us-east'],
        allowedJurisdictions: ['eu', 'us'],
      },
    ],
  ])(
    'gives for %s the advice the functions give when passed directly',
    (_name, requirements) => {
      const direct = recommendPlacement(requirements, sampleFleet, {
        additionalFilters: [noDirtyGrid],
        additionalScorers: [carbon],
      });
      const evaluated = evaluateObjectives(requirements, sampleFleet, {
        filters: [noDirtyGrid],
        scorers: [carbon],
      });
      // What crosses to the worker thread is plain data.
      const crossed = structuredClone(evaluated);
      expect(
        recommendPlacement(requirements, sampleFleet, { evaluated: crossed }),
      ).toEqual(direct);
      expect(direct.excluded).toContainEqual({
        cluster: 'us-aws',
        reasons: ['grid above 300 gCO2eq/kWh'],
      });
    },
  );

  it('reorders the advice by a scorer as worked out by hand', () => {
    // Cost alone scores a 100, b 50, c 0 (cheapest to dearest price).
    const fleet = [
      fleetCluster('a', { region: 'r-a', costPerCpuHour: 0.02, cpu: 8 }),
      fleetCluster('b', { region: 'r-b', costPerCpuHour: 0.04, cpu: 8 }),
      fleetCluster('c', { region: 'r-c', costPerCpuHour: 0.06, cpu: 16 }),
    ];
    const greenness: Record<string, number> = { a: 0, b: 100, c: 50 };
    const green: PlacementScorer = {
      id: 'green',
      weight: 2,
      score: cluster => greenness[cluster.name],
    };
    const requirements = { replicas: 1, resourceRequest: { cpu: '1' } };
    const ranking = (scorers: PlacementScorer[]) =>
      recommendPlacement(requirements, fleet, { scorers }).recommendations.map(
        r => [r.clusters.join(','), r.score.total],
      );

    // Balanced, cheapest and lowest latency (none known: by total) pick a,
    // most headroom picks c (16 cores).
    expect(ranking([costScorer])).toEqual([
      ['a', 100],
      ['c', 0],
    ]);
    // Totals (cost x1 + green x2) / 3: a 33.3, b 83.3, c 33.3. Balanced
    // picks b, cheapest a, most headroom c; a and c tie, a costs less.
    const evaluated = evaluateObjectives(requirements, fleet, {
      scorers: [green],
    });
    expect(
      recommendPlacement(requirements, fleet, {
        scorers: [costScorer],
        evaluated,
      }).recommendations.map(r => [r.clusters.join(','), r.score.total]),
    ).toEqual([
      ['b', 83.3],
      ['a', 33.3],
      ['c', 33.3],
    ]);
    expect(ranking([costScorer, green])).toEqual([
      ['b', 83.3],
      ['a', 33.3],
      ['c', 33.3],
    ]);
  });

  it('reports a scorer that throws or answers garbage as that objective unknown', () => {
    const fleet = [fleetCluster('a'), fleetCluster('b')];
    const broken: PlacementScorer = {
      id: 'broken',
      weight: 1,
      score: cluster => {
        if (cluster.name === 'a') throw new Error('boom');
        return 'high' as unknown as number;
      },
    };
    expect(
      evaluateObjectives({ replicas: 1 }, fleet, { scorers: [broken] }).scores,
    ).toEqual([
      {
        id: 'broken',
        weight: 1,
        byCluster: {
          a: { reason: 'broken could not score this cluster' },
          b: { reason: 'broken gave no usable score for this cluster' },
        },
      },
    ]);
  });

  it('excludes a cluster a filter could not check', () => {
    const throwing: PlacementFilter = {
      id: 'flaky',
      filter: () => {
        throw new Error('boom');
      },
    };
    const advice = recommendPlacement({ replicas: 1 }, [fleetCluster('a')], {
      evaluated: evaluateObjectives({ replicas: 1 }, [fleetCluster('a')], {
        filters: [throwing],
      }),
    });
    expect(advice.excluded).toEqual([
      { cluster: 'a', reasons: ['filter flaky could not check this cluster'] },
    ]);
  });
});
