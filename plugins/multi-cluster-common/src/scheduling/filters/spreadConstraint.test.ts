import { spreadConstraintFilter } from './spreadConstraint';
import { filterContext } from './__testUtils__/testContext';

describe('spreadConstraintFilter', () => {
  it('requires provider, region or zones only when spreading by them', () => {
    const bare = { name: 'bare' };
    expect(spreadConstraintFilter(bare, filterContext())).toBeUndefined();
    expect(
      spreadConstraintFilter(bare, filterContext({ requiresProvider: true }))
        ?.karmadaReason,
    ).toBe("cluster(s) didn't have provider property");
    expect(
      spreadConstraintFilter(bare, filterContext({ requiresRegion: true }))
        ?.karmadaReason,
    ).toBe("cluster(s) didn't have region property");
    expect(
      spreadConstraintFilter(
        { name: 'z', zones: [] },
        filterContext({ requiresZone: true }),
      )?.karmadaReason,
    ).toBe("cluster(s) didn't have zone property");
  });

  it('passes clusters that declare the property', () => {
    const full = {
      name: 'full',
      provider: 'aws',
      region: 'eu',
      zones: ['eu-a'],
    };
    expect(
      spreadConstraintFilter(
        full,
        filterContext({
          requiresProvider: true,
          requiresRegion: true,
          requiresZone: true,
        }),
      ),
    ).toBeUndefined();
  });
});
