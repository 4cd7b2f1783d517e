import { OCM_LIMITS } from './limits';
import { boundedStringMap, isRecord } from './servedValues';

/** `status.clusterClaims` as a bounded map (the first of a repeated name wins). */
export function readClaims(input: unknown): {
  claims: Record<string, string>;
  problems: string[];
} {
  if (input === undefined || input === null) {
    return { claims: {}, problems: [] };
  }
  if (!Array.isArray(input)) {
    return {
      claims: {},
      problems: ['status.clusterClaims: must be a list, left out'],
    };
  }
  const map: Record<string, unknown> = Object.create(null);
  for (const claim of input.slice(0, OCM_LIMITS.claims * 4)) {
    if (isRecord(claim) && typeof claim.name === 'string') {
      if (!(claim.name in map)) map[claim.name] = claim.value;
    }
  }
  const { map: claims, problems } = boundedStringMap(
    { ...map },
    'status.clusterClaims',
    OCM_LIMITS.claims,
  );
  if (input.length > OCM_LIMITS.claims * 4) {
    problems.push(
      `status.clusterClaims: ${input.length} claims, only the first ${
        OCM_LIMITS.claims * 4
      } read`,
    );
  }
  return { claims, problems };
}
