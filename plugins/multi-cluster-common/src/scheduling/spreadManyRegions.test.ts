/**
 * Region spread over many regions of one cluster each, with
 * minGroups = maxGroups = N/2: C(N, N/2) combinations for Karmada's DFS
 * (the enumerating implementation ran out of memory at N = 40).
 */
import { PlacementError } from './errors';
import type { KarmadaPlacement } from './placement';
import { schedule } from './schedule';
import type { ClusterSnapshot, ScheduleRequest } from './types';

const pad = (index: number) => String(index).padStart(3, '0');
const clusterName = (index: number) => `c-${pad(index)}`;

/** Cluster i alone in region r-i. */
function oneClusterPerRegion(
  count: number,
  availableReplicas: (index: number) => number,
): ClusterSnapshot[] {
  return Array.from({ length: count }, (_, index) => ({
    name: clusterName(index),
    region: `r-${pad(index)}`,
    availableReplicas: availableReplicas(index),
  }));
}

const halfOfRegions = (
  count: number,
): KarmadaPlacement['spreadConstraints'] => [
  { spreadByField: 'region', minGroups: count / 2, maxGroups: count / 2 },
];

const dynamicWeight: KarmadaPlacement = {
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: { dynamicWeight: 'AvailableReplicas' },
  },
};

const selectedNames = (request: ScheduleRequest) =>
  schedule(request)
    .explanation.filter(entry => entry.verdict === 'selected')
    .map(entry => entry.cluster);

/** Indices 0..count-1 in a scrambled order (a permutation for odd `step` coprime with count). */
const scrambled = (count: number, step: number) =>
  Array.from({ length: count }, (_, index) => (index * step) % count);

describe('schedule: region spread over many one-cluster regions', () => {
  it('N = 24: Duplicated selects the 12 regions whose cluster holds the replicas', () => {
    // Regions whose cluster can hold 2 replicas score 1000, the rest 0.
    const holding = new Set([1, 2, 3, 5, 8, 9, 13, 14, 17, 19, 20, 23]);
    const request: ScheduleRequest = {
      replicas: 2,
      placement: { spreadConstraints: halfOfRegions(24) },
      clusters: oneClusterPerRegion(24, index => (holding.has(index) ? 4 : 1)),
    };
    const expected = [
      'c-001',
      'c-002',
      'c-003',
      'c-005',
      'c-008',
      'c-009',
      'c-013',
      'c-014',
      'c-017',
      'c-019',
      'c-020',
      'c-023',
    ];
    expect(selectedNames(request)).toEqual(expected);
    expect(schedule(request).targets).toEqual(
      expected.map(name => ({ name, replicas: 2 })),
    );
  });

  it('N = 40: dynamic weights rank regions by what they hold, then previous placement, then name', () => {
    // replicas 40 over 20 regions: a share of 2 per region. A region scores
    // min(available, 2) * 1000, plus 100 where the workload already runs.
    const holdsTwo = new Set(scrambled(40, 7).slice(0, 22));
    const previous = [...holdsTwo].slice(0, 4);
    const request: ScheduleRequest = {
      replicas: 40,
      placement: { ...dynamicWeight, spreadConstraints: halfOfRegions(40) },
      clusters: oneClusterPerRegion(40, index =>
        holdsTwo.has(index) ? 3 + (index % 4) : index % 2,
      ),
      previous: previous.map(index => ({
        name: clusterName(index),
        replicas: 1,
      })),
    };
    // The 4 previous regions (2100), then 16 of the other 18 holding two
    // (2000) by name: the 2 last names are left out.
    const others = [...holdsTwo]
      .filter(index => !previous.includes(index))
      .sort((left, right) => left - right)
      .slice(0, 16);
    const expected = [...previous, ...others]
      .sort((left, right) => left - right)
      .map(clusterName);
    expect(expected).toHaveLength(20);
    expect(selectedNames(request)).toEqual(expected);
  });

  it('N = 200: Duplicated keeps the 30 previous regions and fills with the first names', () => {
    const previous = new Set(scrambled(200, 37).slice(0, 30));
    const request: ScheduleRequest = {
      replicas: 1,
      placement: { spreadConstraints: halfOfRegions(200) },
      clusters: oneClusterPerRegion(200, () => 5),
      previous: [...previous].map(index => ({
        name: clusterName(index),
        replicas: 1,
      })),
    };
    const fill = Array.from({ length: 200 }, (_, index) => index)
      .filter(index => !previous.has(index))
      .slice(0, 70);
    const expected = [...previous, ...fill]
      .sort((left, right) => left - right)
      .map(clusterName);
    expect(selectedNames(request)).toEqual(expected);
  });

  it('N = 40: fails at once when the cluster minGroups cannot be met by 20 regions', () => {
    let error: unknown;
    try {
      schedule({
        replicas: 1,
        placement: {
          spreadConstraints: [
            ...(halfOfRegions(40) ?? []),
            { spreadByField: 'cluster', minGroups: 21, maxGroups: 40 },
          ],
        },
        clusters: oneClusterPerRegion(40, () => 5),
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PlacementError);
    expect((error as PlacementError).message).toBe(
      'failed to select clusters: the number of clusters is less than the cluster spreadConstraint.MinGroups',
    );
  });
});
