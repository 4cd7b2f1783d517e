import { PlacementError } from '../errors';
import { candidate } from '../__testUtils__/testCandidates';
import { divideByCapacity } from './capacityDivision';
import type { AssignmentInput } from './types';

function input(
  allocatable: Record<string, number>,
  replicas: number,
  previous: { name: string; replicas: number }[] = [],
  extra: Partial<AssignmentInput> = {},
): AssignmentInput {
  const positions = new Map(
    previous.map((entry, position) => [entry.name, position]),
  );
  return {
    candidates: Object.entries(allocatable).map(([name, value]) =>
      candidate(name, {
        allocatable: value,
        previous: positions.has(name)
          ? previous[positions.get(name) as number].replicas
          : 0,
        previousPosition: positions.get(name) ?? -1,
        score: positions.has(name) ? 100 : 0,
      }),
    ),
    ordered: false,
    replicas,
    placement: {},
    fresh: false,
    tieBreak: 'ascending',
    ...extra,
  };
}

const dynamic = { aggregated: false };
const aggregated = { aggregated: true };

describe('divideByCapacity: modes', () => {
  it('scales up by the delta only and keeps previous replicas', () => {
    const outcome = divideByCapacity(
      input({ m1: 10, m2: 10, m3: 10 }, 24, [
        { name: 'm1', replicas: 2 },
        { name: 'm2', replicas: 4 },
        { name: 'm3', replicas: 6 },
      ]),
      dynamic,
    );
    expect(outcome.mode).toBe('scale-up');
    expect(outcome.replicas).toEqual([6, 8, 10]);
    expect(outcome.kept).toEqual([2, 4, 6]);
    expect(outcome.weights).toEqual([10, 10, 10]);
  });

  it('scales down in proportion to the previous split', () => {
    const outcome = divideByCapacity(
      input({ m1: 0, m2: 0, m3: 0 }, 6, [
        { name: 'm1', replicas: 2 },
        { name: 'm2', replicas: 4 },
        { name: 'm3', replicas: 6 },
      ]),
      dynamic,
    );
    expect(outcome.mode).toBe('scale-down');
    expect(outcome.replicas).toEqual([1, 2, 3]);
  });

  it('leaves a previous result that already sums to the target untouched', () => {
    const outcome = divideByCapacity(
      input({ a: 0, b: 100 }, 3, [{ name: 'a', replicas: 3 }]),
      dynamic,
    );
    expect(outcome).toEqual({ mode: 'unchanged', replicas: [3, 0] });
  });

  it('counts own replicas as capacity in Fresh mode and does not merge', () => {
    const outcome = divideByCapacity(
      input({ a: 1, b: 1 }, 4, [{ name: 'a', replicas: 3 }], { fresh: true }),
      dynamic,
    );
    expect(outcome.mode).toBe('fresh');
    expect(outcome.weights).toEqual([4, 1]);
    expect(outcome.replicas).toEqual([3, 1]);
  });

  it("throws Karmada's capacity errors with the wrapping of each mode", () => {
    const fail = (request: AssignmentInput) => {
      try {
        divideByCapacity(request, dynamic);
      } catch (error) {
        return (error as PlacementError).message;
      }
      return 'no error';
    };
    expect(fail(input({ a: 1, b: 2 }, 4))).toBe(
      'failed to scale up: Clusters available replicas 3 are not enough to schedule.',
    );
    expect(fail(input({ a: 1 }, 4, [], { fresh: true }))).toBe(
      'failed to do fresh scale: Clusters available replicas 1 are not enough to schedule.',
    );
  });

  it('sums capacity as Go int32 (wraps)', () => {
    expect(() =>
      divideByCapacity(input({ a: 2147483647, b: 1 }, 5), dynamic),
    ).toThrow(
      'Clusters available replicas -2147483648 are not enough to schedule.',
    );
  });
});

describe('divideByCapacity: aggregated', () => {
  it('uses the fewest largest clusters on a first schedule', () => {
    expect(
      divideByCapacity(input({ a: 4, b: 9, c: 6 }, 10), aggregated).replicas,
    ).toEqual([0, 6, 4]);
  });

  it('fills previously used clusters first on scale-up (doc: m1:7 m2:12 m3:5)', () => {
    const outcome = divideByCapacity(
      input({ m1: 4, m2: 6, m3: 8 }, 24, [
        { name: 'm1', replicas: 4 },
        { name: 'm2', replicas: 8 },
      ]),
      aggregated,
    );
    expect(outcome.replicas).toEqual([7, 12, 5]);
  });

  it('keeps the clusters holding the most replicas on scale-down (m2:6)', () => {
    const outcome = divideByCapacity(
      input({ m1: 1, m2: 1, m3: 1 }, 6, [
        { name: 'm1', replicas: 4 },
        { name: 'm2', replicas: 8 },
      ]),
      aggregated,
    );
    expect(outcome.replicas).toEqual([0, 6, 0]);
  });

  it('breaks capacity ties by candidate order (locality, then name)', () => {
    // b is in the previous result (score 100) but holds 0 replicas there.
    const outcome = divideByCapacity(
      input({ a: 5, b: 5 }, 5, [{ name: 'b', replicas: 0 }]),
      aggregated,
    );
    expect(outcome.replicas).toEqual([0, 5]);
  });

  it('breaks scale-down ties by spec.clusters order', () => {
    const outcome = divideByCapacity(
      input({ a: 0, b: 0 }, 2, [
        { name: 'b', replicas: 3 },
        { name: 'a', replicas: 3 },
      ]),
      aggregated,
    );
    expect(outcome.replicas).toEqual([0, 2]);
  });

  it('uses the selection order for ties when the list is ordered', () => {
    const request = input({ a: 5, b: 5 }, 5);
    request.candidates[0].rank = 1;
    request.candidates[1].rank = 0;
    expect(
      divideByCapacity({ ...request, ordered: true }, aggregated).replicas,
    ).toEqual([0, 5]);
  });
});
