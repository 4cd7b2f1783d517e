import { PlacementError } from '../errors';
import { candidate } from '../__testUtils__/testCandidates';
import { selectClusters } from './index';

const candidates = () => [
  candidate('a', { allocatable: 1, cluster: { name: 'a', region: 'eu' } }),
  candidate('b', { allocatable: 9, cluster: { name: 'b', region: 'us' } }),
  candidate('c', { allocatable: 5, cluster: { name: 'c', region: 'eu' } }),
];

describe('selectClusters', () => {
  it('keeps every candidate without constraints or for static weights', () => {
    expect(selectClusters(candidates(), {}, 3)).toMatchObject({
      ordered: false,
    });
    expect(selectClusters(candidates(), {}, 3).selected).toHaveLength(3);
    const staticWeight = {
      replicaScheduling: {
        replicaSchedulingType: 'Divided' as const,
        replicaDivisionPreference: 'Weighted' as const,
      },
      spreadConstraints: [
        { spreadByField: 'cluster' as const, minGroups: 1, maxGroups: 1 },
      ],
    };
    expect(selectClusters(candidates(), staticWeight, 3).selected).toHaveLength(
      3,
    );
  });

  it('dispatches to cluster selection and ranks the result', () => {
    const selection = selectClusters(
      candidates(),
      {
        spreadConstraints: [
          { spreadByField: 'cluster', minGroups: 1, maxGroups: 2 },
        ],
      },
      3,
    );
    expect(selection.selectedBy).toBe('cluster');
    expect(selection.selected.map(entry => [entry.name, entry.rank])).toEqual([
      ['b', 0],
      ['c', 1],
    ]);
  });

  it('prefers region selection when a region constraint exists', () => {
    const selection = selectClusters(
      candidates(),
      {
        spreadConstraints: [
          { spreadByField: 'cluster', minGroups: 1, maxGroups: 2 },
          { spreadByField: 'region', minGroups: 2, maxGroups: 2 },
        ],
      },
      3,
    );
    expect(selection.selectedBy).toBe('region');
    expect(selection.selected.map(entry => entry.name).sort()).toEqual([
      'b',
      'c',
    ]);
  });

  it('turns selection failures into PlacementErrors', () => {
    expect(() =>
      selectClusters(
        candidates(),
        { spreadConstraints: [{ spreadByLabel: 'team' }] },
        1,
      ),
    ).toThrow(
      new PlacementError(
        'SpreadConstraintUnsatisfiable',
        'just support cluster and region spread constraint',
      ),
    );
  });
});
