/**
 * The Karmada releases `schedule` reproduces, and every scheduling rule that
 * differs between them, with the release each rule changed in. This table is
 * the only place a version is looked at: the engine reads the rules it
 * resolves to.
 *
 * Each rule was read from Karmada's source at the release tags; the corpus in
 * `__conformance__` holds the real scheduler's decisions for v1.16.8 and
 * v1.18.2.
 */

/**
 * Every supported Karmada release, oldest first. v1.16.0 to v1.16.2 are left
 * out: their region scoring divides by zero when no cluster of a region can
 * hold a Duplicated workload, and the scheduler panics (fixed in v1.16.3,
 * `pkg/scheduler/core/spreadconstraint/group_clusters.go`).
 *
 * @public
 */
export const SUPPORTED_KARMADA_VERSIONS = [
  'v1.16.3',
  'v1.16.4',
  'v1.16.5',
  'v1.16.6',
  'v1.16.7',
  'v1.16.8',
  'v1.17.0',
  'v1.17.1',
  'v1.17.2',
  'v1.17.3',
  'v1.17.4',
  'v1.17.5',
  'v1.18.0',
  'v1.18.1',
  'v1.18.2',
] as const;

/** @public */
export type KarmadaVersion = (typeof SUPPORTED_KARMADA_VERSIONS)[number];

/**
 * The version `schedule` follows when a request names none.
 *
 * @public
 */
export const NEWEST_KARMADA_VERSION: KarmadaVersion = 'v1.18.2';

/**
 * The behaviour of each version-dependent rule for one Karmada release.
 *
 * @public
 */
export interface KarmadaRules {
  /**
   * A `zone` `In` requirement of a fieldSelector (clusterAffinity or a
   * staticWeightList target): `every-zone` needs every zone of the cluster
   * among the values, `any-zone` one of them (`pkg/util/selector.go`,
   * `matchZones`).
   */
  zoneIn: 'every-zone' | 'any-zone';
  /**
   * What a Steady scale-down (dynamic weight, Aggregated) divides over:
   * `every-previous-entry` is the whole previous assignment, clusters that
   * are no longer candidates or no longer exist included (they can keep
   * replicas); `previous-candidates` only the previous clusters still
   * candidates (`pkg/scheduler/core/division_algorithm.go`,
   * `dynamicScaleDown`).
   */
  scaleDownParties: 'every-previous-entry' | 'previous-candidates';
  /**
   * `clusterAffinities[].overflowAffinities`: `pruned` before the field
   * existed (the CRD drops it, the scheduler never sees it), `honoured`
   * after.
   */
  overflowAffinities: 'pruned' | 'honoured';
  /**
   * How a capacity failure of the dynamic division is wrapped
   * (`pkg/scheduler/core/assignment.go`, `assignByDynamicStrategy`): `%v`
   * turns it into plain text (condition reason `SchedulerError`), `%w` keeps
   * it an UnschedulableError (reason `Unschedulable`). The message is the
   * same.
   */
  dynamicFailureWrap: '%v' | '%w';
}

/** One rule change: the behaviour before and from the listed releases on. */
interface RuleChange<K extends keyof KarmadaRules> {
  rule: K;
  before: KarmadaRules[K];
  after: KarmadaRules[K];
  /**
   * The first release of each release line with the new behaviour, oldest
   * first; the last entry is where it reached the main line, so every later
   * line has it.
   */
  changedIn: readonly KarmadaVersion[];
  /** The Karmada source file and pull request of the change. */
  source: string;
}

type AnyRuleChange = {
  [K in keyof KarmadaRules]: RuleChange<K>;
}[keyof KarmadaRules];

/** Every rule change between the supported releases. */
export const KARMADA_RULE_CHANGES: readonly AnyRuleChange[] = [
  {
    rule: 'dynamicFailureWrap',
    before: '%v',
    after: '%w',
    changedIn: ['v1.16.5', 'v1.17.2', 'v1.18.0'],
    source:
      'pkg/scheduler/core/assignment.go assignByDynamicStrategy; karmada-io/karmada#7340, backported in #7354 (v1.16) and #7353 (v1.17)',
  },
  {
    rule: 'scaleDownParties',
    before: 'every-previous-entry',
    after: 'previous-candidates',
    changedIn: ['v1.17.0'],
    source:
      'pkg/scheduler/core/division_algorithm.go dynamicScaleDown; karmada-io/karmada#7110',
  },
  {
    rule: 'zoneIn',
    before: 'every-zone',
    after: 'any-zone',
    changedIn: ['v1.18.0'],
    source: 'pkg/util/selector.go matchZones; karmada-io/karmada#6431',
  },
  {
    rule: 'overflowAffinities',
    before: 'pruned',
    after: 'honoured',
    changedIn: ['v1.18.0'],
    source:
      'pkg/apis/policy/v1alpha1 ClusterAffinityTerm.OverflowAffinities; karmada-io/karmada#7423',
  },
];

/** [major, minor, patch] of a supported version. */
function parts(version: KarmadaVersion): [number, number, number] {
  const [major, minor, patch] = version.slice(1).split('.').map(Number);
  return [major, minor, patch];
}

/** True when `version` carries a change first released in `changedIn`. */
function hasChange(
  version: KarmadaVersion,
  changedIn: readonly KarmadaVersion[],
): boolean {
  const [major, minor, patch] = parts(version);
  const line = major * 1000 + minor;
  const mainline = parts(changedIn[changedIn.length - 1]);
  if (line > mainline[0] * 1000 + mainline[1]) return true;
  return changedIn.some(release => {
    const [releaseMajor, releaseMinor, releasePatch] = parts(release);
    return releaseMajor * 1000 + releaseMinor === line && patch >= releasePatch;
  });
}

/**
 * True for a version `schedule` supports (`SUPPORTED_KARMADA_VERSIONS`).
 *
 * @public
 */
export function isSupportedKarmadaVersion(
  version: unknown,
): version is KarmadaVersion {
  return (SUPPORTED_KARMADA_VERSIONS as readonly unknown[]).includes(version);
}

const RULES_BY_VERSION = new Map<KarmadaVersion, KarmadaRules>(
  SUPPORTED_KARMADA_VERSIONS.map(version => {
    const rules = {} as Record<keyof KarmadaRules, string>;
    for (const change of KARMADA_RULE_CHANGES) {
      rules[change.rule] = hasChange(version, change.changedIn)
        ? change.after
        : change.before;
    }
    return [version, rules as unknown as KarmadaRules];
  }),
);

/**
 * The rules of a supported Karmada release (the newest when undefined).
 * Callers check the version first (`isSupportedKarmadaVersion`).
 *
 * @public
 */
export function karmadaRulesFor(
  version: KarmadaVersion = NEWEST_KARMADA_VERSION,
): KarmadaRules {
  return RULES_BY_VERSION.get(version) as KarmadaRules;
}
