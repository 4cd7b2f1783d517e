import {
  formatPlacementTarget,
  parsePlacementTarget,
  restrictToTarget,
} from './placementTarget';

const options = {
  regions: [
    {
      name: 'eu-west',
      providers: [],
      clusters: ['eu-1', 'eu-2'],
      jurisdictions: [],
    },
    { name: 'us-east', providers: [], clusters: ['us-1'], jurisdictions: [] },
  ],
  clusters: [
    { name: 'eu-1', region: 'eu-west', compliance: [] },
    { name: 'eu-2', region: 'eu-west', compliance: [] },
    { name: 'us-1', region: 'us-east', compliance: [] },
    { name: 'lab-1', compliance: [] },
  ],
};

describe('placement targets', () => {
  it.each([
    ['auto', { kind: 'auto' }],
    ['region:eu-west', { kind: 'region', name: 'eu-west' }],
    ['cluster:eu-1', { kind: 'cluster', name: 'eu-1' }],
  ])('reads %s and writes it back', (value, target) => {
    expect(parsePlacementTarget(value)).toEqual(target);
    expect(formatPlacementTarget(target as any)).toBe(value);
  });

  it.each(['', 'Auto', 'region:', 'zone:a', `cluster:${'a'.repeat(254)}`])(
    'refuses %j',
    value => expect(parsePlacementTarget(value)).toBeUndefined(),
  );

  it('restricts a region to its clusters by excluding every other one', () => {
    expect(
      restrictToTarget({ kind: 'region', name: 'eu-west' }, options),
    ).toEqual({ excludeClusters: ['us-1', 'lab-1'] });
  });

  it('restricts a cluster to itself', () => {
    expect(
      restrictToTarget({ kind: 'cluster', name: 'us-1' }, options),
    ).toEqual({ excludeClusters: ['eu-1', 'eu-2', 'lab-1'] });
  });

  it('leaves auto unrestricted', () => {
    expect(restrictToTarget({ kind: 'auto' }, options)).toEqual({
      excludeClusters: [],
    });
  });

  it.each([
    [
      { kind: 'region', name: 'ap-south' },
      "region 'ap-south' is not on the fleet",
    ],
    [{ kind: 'cluster', name: 'eu-9' }, "cluster 'eu-9' is not on the fleet"],
  ] as const)('names a target the fleet lacks', (target, unknown) => {
    expect(restrictToTarget(target, options)).toEqual({ unknown });
  });
});
