import type { Candidate } from '../candidates';

/** Builds a candidate for unit tests; only `name` is required. */
export function candidate(
  name: string,
  fields: Partial<Omit<Candidate, 'name'>> = {},
): Candidate {
  const allocatable = fields.allocatable ?? 0;
  const previous = fields.previous ?? 0;
  return {
    inputIndex: 0,
    name,
    cluster: fields.cluster ?? { name },
    score: 0,
    allocatable,
    previous,
    previousPosition: -1,
    available: allocatable + previous,
    overflowOrder: 0,
    rank: -1,
    ...fields,
  };
}
