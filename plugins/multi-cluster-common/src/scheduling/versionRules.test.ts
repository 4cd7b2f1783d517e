import {
  isSupportedKarmadaVersion,
  KARMADA_RULE_CHANGES,
  karmadaRulesFor,
  NEWEST_KARMADA_VERSION,
  SUPPORTED_KARMADA_VERSIONS,
} from './versionRules';

// Expected values read from Karmada's source at each release tag.
describe('karmadaRulesFor', () => {
  it('follows v1.16.8 as released', () => {
    expect(karmadaRulesFor('v1.16.8')).toEqual({
      zoneIn: 'every-zone',
      scaleDownParties: 'every-previous-entry',
      overflowAffinities: 'pruned',
      dynamicFailureWrap: '%w',
    });
  });

  it('follows v1.18.2 as released, and defaults to it', () => {
    const newest = {
      zoneIn: 'any-zone',
      scaleDownParties: 'previous-candidates',
      overflowAffinities: 'honoured',
      dynamicFailureWrap: '%w',
    };
    expect(karmadaRulesFor('v1.18.2')).toEqual(newest);
    expect(karmadaRulesFor()).toEqual(newest);
    expect(NEWEST_KARMADA_VERSION).toBe('v1.18.2');
  });

  it('has the scale-down over candidates from v1.17.0 and the zone rule from v1.18.0', () => {
    expect(karmadaRulesFor('v1.17.0').scaleDownParties).toBe(
      'previous-candidates',
    );
    expect(karmadaRulesFor('v1.17.5').zoneIn).toBe('every-zone');
    expect(karmadaRulesFor('v1.18.0').zoneIn).toBe('any-zone');
    expect(karmadaRulesFor('v1.17.5').overflowAffinities).toBe('pruned');
    expect(karmadaRulesFor('v1.18.0').overflowAffinities).toBe('honoured');
  });

  it('keeps the Unschedulable error chain from each backport on', () => {
    const wraps = SUPPORTED_KARMADA_VERSIONS.filter(
      version => karmadaRulesFor(version).dynamicFailureWrap === '%v',
    );
    expect(wraps).toEqual(['v1.16.3', 'v1.16.4', 'v1.17.0', 'v1.17.1']);
  });

  it('lists each rule once, with changes in supported releases', () => {
    const rules = KARMADA_RULE_CHANGES.map(change => change.rule);
    expect(new Set(rules).size).toBe(rules.length);
    for (const change of KARMADA_RULE_CHANGES) {
      expect(change.changedIn.every(isSupportedKarmadaVersion)).toBe(true);
    }
  });
});

describe('isSupportedKarmadaVersion', () => {
  it('accepts the listed releases only', () => {
    expect(isSupportedKarmadaVersion('v1.16.8')).toBe(true);
    expect(isSupportedKarmadaVersion('v1.18.2')).toBe(true);
    expect(isSupportedKarmadaVersion('1.18.2')).toBe(false);
    expect(isSupportedKarmadaVersion('v1.16.0')).toBe(false);
    expect(isSupportedKarmadaVersion('v1.19.0')).toBe(false);
    expect(isSupportedKarmadaVersion(undefined)).toBe(false);
  });
});
