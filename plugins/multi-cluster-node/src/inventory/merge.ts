import { boundProblems } from './findings';
import { clusterHealthVerdict } from './health';
import { accessCandidates } from './merge/accessOrder';
import { detectConflicts } from './merge/conflicts';
import { mergeGroupConnectivity } from './merge/connectivity';
import { groupByCluster } from './merge/grouping';
import { mergeLabelsAndCapacity } from './merge/labelsAndCapacity';
import { bySourcePriority, firstSetFields } from './merge/sourcePriority';
import {
  ClusterAccess,
  ClusterHealthEvidence,
  ClusterRecord,
  FleetCluster,
  PlacedWorkload,
  StoredCluster,
} from './types';

/**
 * The result of merging: a cluster, its access and its sources' health
 * evidence.
 *
 * @public
 */
export interface MergedCluster extends StoredCluster {
  /** Each source's health evidence; the inventory adds its probe's. */
  sourceEvidence: ClusterHealthEvidence[];
  /** Every source's access, best first; `access` is the first of them. */
  accessCandidates: ClusterAccess[];
}

/** One cluster from its sources' records. */
function mergeGroup(
  name: string,
  group: ClusterRecord[],
  now: string,
): MergedCluster {
  group.sort(bySourcePriority);
  const fields = firstSetFields(group);
  const { labels, capacity } = mergeLabelsAndCapacity(group);
  fields.connectivity = mergeGroupConnectivity(group);
  const workloads: PlacedWorkload[] = group.flatMap(
    r => r.fields.workloads ?? [],
  );
  const candidates = accessCandidates(group);
  const sourceEvidence = group.flatMap(r =>
    r.health ? [{ ...r.health, sourceId: r.sourceId }] : [],
  );
  // Every source's findings, each naming its source.
  const problems = boundProblems(
    group.flatMap(r =>
      (r.fields.problems ?? []).map(problem => `${r.sourceId}: ${problem}`),
    ),
  );
  const conflicts = detectConflicts(group);
  const sources = group.map(r => ({ type: r.source, id: r.sourceId }));
  const cluster: FleetCluster = {
    ...(fields as Partial<FleetCluster>),
    name,
    source: group[0].source,
    sources,
    labels,
    capacity: capacity as FleetCluster['capacity'],
    workloads: workloads.length ? workloads : undefined,
    health: clusterHealthVerdict(sourceEvidence, now),
    conflicts: conflicts.length ? conflicts : undefined,
    problems: problems.length ? problems : undefined,
    stale: false,
    refreshedAt: now,
  };
  return {
    cluster,
    access: candidates[0],
    accessCandidates: candidates,
    sourceEvidence,
  };
}

/**
 * Merges connector records into one cluster per name. Clusters known to
 * several sources become one; disagreements that cannot be the same cluster
 * (different API server URLs, regions or providers) are reported in
 * `conflicts`.
 *
 * @public
 */
export function mergeRecords(
  records: ClusterRecord[],
  now: string,
): MergedCluster[] {
  const result = [...groupByCluster(records)].map(([name, group]) =>
    mergeGroup(name, group, now),
  );
  result.sort((a, b) => a.cluster.name.localeCompare(b.cluster.name));
  return result;
}
