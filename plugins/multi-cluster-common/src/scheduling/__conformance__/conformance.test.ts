/**
 * `schedule` against the decisions Karmada's real scheduler recorded for
 * the same inputs (README.md beside this file): an oracle independent of
 * this code.
 */
import { PlacementError } from '../errors';
import { schedule } from '../schedule';
import {
  CORPUS_VERSIONS,
  CorpusVersion,
  Decision,
  decisionOfFailure,
  decisionOfResult,
  KarmadaCase,
  loadCorpus,
  recordedDecision,
  sameDecision,
  toScheduleRequest,
} from './karmadaCorpus';

const corpora = new Map<CorpusVersion, KarmadaCase[]>(
  CORPUS_VERSIONS.map(version => [version, loadCorpus(version)]),
);
const casesOf = (version: CorpusVersion) => corpora.get(version)!;

/** Flotilla's decision for a case, with the case's version or none. */
function flotillaDecision(
  recorded: KarmadaCase,
  versioned: boolean = true,
): Decision {
  const request = toScheduleRequest(recorded);
  if (!versioned) delete request.karmadaVersion;
  try {
    return decisionOfResult(schedule(request));
  } catch (error) {
    if (!(error instanceof PlacementError)) throw error;
    return decisionOfFailure(error, recorded);
  }
}

/** Ids of the cases where Flotilla and Karmada disagree. */
function differingCases(cases: KarmadaCase[], versioned = true): string[] {
  return cases
    .filter(
      recorded =>
        !sameDecision(
          flotillaDecision(recorded, versioned),
          recordedDecision(recorded),
        ),
    )
    .map(recorded => recorded.id);
}

describe('the recorded corpus', () => {
  it('holds the same 171 inputs for every version', () => {
    const [first, ...others] = CORPUS_VERSIONS.map(casesOf);
    expect(first).toHaveLength(171);
    for (const cases of others) {
      expect(cases.map(c => [c.id, c.input])).toEqual(
        first.map(c => [c.id, c.input]),
      );
    }
    for (const version of CORPUS_VERSIONS) {
      const recordedWith = new Set(casesOf(version).map(c => c.karmadaVersion));
      expect(recordedWith).toEqual(new Set([version]));
    }
  });
});

describe.each(CORPUS_VERSIONS.map(version => [version, casesOf(version)]))(
  'Karmada %s',
  (version, cases) => {
    it(`matches all ${cases.length} recorded decisions`, () => {
      expect({ version, differing: differingCases(cases) }).toEqual({
        version,
        differing: [],
      });
    });

    it.each(cases.map(recorded => [recorded.id, recorded]))(
      '%s',
      (_id, recorded) => {
        expect(flotillaDecision(recorded)).toEqual(recordedDecision(recorded));
      },
    );
  },
);

describe('a request without karmadaVersion', () => {
  const newest = CORPUS_VERSIONS[CORPUS_VERSIONS.length - 1];

  it(`decides all ${
    casesOf(newest).length
  } cases as Karmada ${newest} did`, () => {
    expect(differingCases(casesOf(newest), false)).toEqual([]);
  });
});
