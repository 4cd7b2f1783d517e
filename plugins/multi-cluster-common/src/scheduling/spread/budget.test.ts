import { PlacementError } from '../errors';
import { candidate } from '../__testUtils__/testCandidates';
import { selectClusters } from './index';
import { GroupSelectionLimitError } from './selectGroups';

jest.mock('./selectGroups', () => {
  const actual = jest.requireActual('./selectGroups');
  return {
    ...actual,
    selectGroups: () => {
      throw new actual.GroupSelectionLimitError('too large');
    },
  };
});

describe('selectClusters past the group selection budget', () => {
  it('refuses with an InvalidRequest PlacementError (HTTP 422), not a Karmada verdict', () => {
    const candidates = [
      candidate('a', { cluster: { name: 'a', region: 'eu' } }),
      candidate('b', { cluster: { name: 'b', region: 'us' } }),
    ];
    let thrown: unknown;
    try {
      selectClusters(
        candidates,
        {
          spreadConstraints: [
            { spreadByField: 'region', minGroups: 1, maxGroups: 2 },
          ],
        },
        1,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PlacementError);
    expect(thrown).not.toBeInstanceOf(GroupSelectionLimitError);
    expect(thrown).toMatchObject({
      code: 'InvalidRequest',
      message: 'too large',
    });
  });
});
