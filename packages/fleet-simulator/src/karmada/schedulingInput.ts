/**
 * Translates Karmada objects into the common scheduling engine's input:
 * Clusters become ClusterSnapshots (labels, provider/region/zones, taints,
 * resourceSummary), a ResourceBinding becomes a ScheduleRequest.
 */
import type {
  ClusterSnapshot,
  KarmadaPlacement,
  ScheduleRequest,
} from '@flotilla/plugin-multi-cluster-common';
import { compileClusterAffinity } from '@flotilla/plugin-multi-cluster-common';
import type { Cluster } from './clusterTypes';

export function clusterSnapshot(cluster: Cluster): ClusterSnapshot {
  const spec = cluster.spec ?? ({} as Cluster['spec']);
  // `zone` is Karmada's deprecated single-zone field.
  let zones = spec.zones?.length ? spec.zones : undefined;
  if (!zones && spec.zone) zones = [spec.zone];
  return {
    name: cluster.metadata.name,
    labels: cluster.metadata.labels ?? {},
    provider: spec.provider || undefined,
    region: spec.region || undefined,
    zones,
    taints: spec.taints?.map(t => ({
      key: t.key,
      value: t.value,
      effect: t.effect,
      timeAdded: t.timeAdded,
    })),
    resourceSummary: cluster.status?.resourceSummary,
  };
}

export interface BindingLike {
  metadata: { name: string; namespace?: string; generation?: number };
  spec?: {
    resource?: { uid?: string };
    replicas?: number;
    replicaRequirements?: { resourceRequest?: Record<string, string> };
    placement?: KarmadaPlacement;
    clusters?: Array<{ name: string; replicas?: number }>;
    gracefulEvictionTasks?: Array<{ fromCluster: string }>;
  };
  status?: { schedulerObservedAffinityName?: string };
}

export function scheduleRequestFor(
  binding: BindingLike,
  clusters: Cluster[],
): ScheduleRequest {
  const spec = binding.spec ?? {};
  return {
    replicas: spec.replicas ?? 0,
    placement: spec.placement ?? {},
    clusters: clusters
      .filter(c => !c.metadata.deletionTimestamp)
      .map(clusterSnapshot),
    previous: (spec.clusters ?? []).map(c => ({
      name: c.name,
      replicas: c.replicas ?? 0,
    })),
    replicaRequirements: spec.replicaRequirements?.resourceRequest
      ? { resourceRequest: spec.replicaRequirements.resourceRequest }
      : undefined,
    uid: spec.resource?.uid,
    observedAffinityName: binding.status?.schedulerObservedAffinityName,
    evictingClusters: spec.gracefulEvictionTasks?.map(t => t.fromCluster),
  };
}

/**
 * What makes Karmada's scheduler look at a binding again: its spec
 * (placement, replicas: the generation) and the set of clusters its
 * affinity names (a cluster joining, leaving or relabelled). Taints and
 * readiness alone do not reschedule (no taint-based eviction here).
 */
export function schedulingTrigger(binding: BindingLike, clusters: Cluster[]) {
  const placement = binding.spec?.placement ?? {};
  const affinities = placement.clusterAffinities?.length
    ? placement.clusterAffinities
    : [placement.clusterAffinity ?? {}];
  const candidates = clusters
    .filter(c => !c.metadata.deletionTimestamp)
    .map(clusterSnapshot)
    .filter(c => affinities.some(a => compileClusterAffinity(a)(c)))
    .map(c => c.name)
    .sort();
  return { generation: binding.metadata.generation, candidates };
}
