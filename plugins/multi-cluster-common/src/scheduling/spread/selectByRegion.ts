/**
 * Selection by the `region` spread constraint (Karmada
 * `select_clusters_by_region.go`): choose regions by DFS over group scores,
 * take the best cluster of each, then fill up to the cluster maxGroups from
 * the rest in candidate order. No capacity check on this path.
 */
import { Candidate, compareCandidates } from '../candidates';
import { SPREAD_MESSAGES } from '../errors';
import { firstInOrder } from '../ordering';
import type { EffectiveSpreadConstraint } from './constraints';
import { groupScore } from './groupScore';
import { selectGroups } from './selectGroups';
import { SpreadSelectionError } from './selectByCluster';

export interface RegionSelectionInput {
  /** Candidates in any order (all have a region). */
  candidates: readonly Candidate[];
  regionConstraint: EffectiveSpreadConstraint;
  /** Missing cluster constraint behaves like Karmada's zero value. */
  clusterConstraint: EffectiveSpreadConstraint | undefined;
  replicas: number;
  duplicated: boolean;
}

function bestOf(members: readonly Candidate[]): Candidate {
  let best = members[0];
  for (let index = 1; index < members.length; index++) {
    if (compareCandidates(members[index], best) < 0) best = members[index];
  }
  return best;
}

/** Selected clusters in Karmada's order: region leaders, then the fill. */
export function selectByRegion(input: RegionSelectionInput): Candidate[] {
  const clusterMin = input.clusterConstraint?.minGroups ?? 0;
  const clusterMax = input.clusterConstraint?.maxGroups ?? 0;
  const regions = new Map<string, Candidate[]>();
  for (const candidate of input.candidates) {
    const region = candidate.cluster.region as string;
    const members = regions.get(region);
    if (members) members.push(candidate);
    else regions.set(region, [candidate]);
  }
  if (regions.size < input.regionConstraint.minGroups) {
    throw new SpreadSelectionError(SPREAD_MESSAGES.regionMinGroups);
  }

  const groups = Array.from(regions, ([name, members]) => ({
    name,
    value: members.length,
    weight: groupScore({
      clusters: members,
      replicas: input.replicas,
      duplicated: input.duplicated,
      clusterMinGroups: clusterMin,
      regionMinGroups: input.regionConstraint.minGroups,
    }),
  }));
  const chosen = selectGroups(
    groups,
    input.regionConstraint.minGroups,
    input.regionConstraint.maxGroups,
    clusterMin,
  );
  if (chosen.length === 0) {
    throw new SpreadSelectionError(SPREAD_MESSAGES.regionClusterMinGroups);
  }

  const selected: Candidate[] = [];
  const pool: Candidate[] = [];
  for (const group of chosen) {
    const members = regions.get(group.name) as Candidate[];
    const leader = bestOf(members);
    selected.push(leader);
    for (const member of members) if (member !== leader) pool.push(member);
  }
  const wanted = Math.min(pool.length + selected.length, clusterMax);
  const extra = wanted - selected.length;
  if (extra > 0) {
    selected.push(...firstInOrder(pool, extra, compareCandidates));
  }
  return selected;
}
