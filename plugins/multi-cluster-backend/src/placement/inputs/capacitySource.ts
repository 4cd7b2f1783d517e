import {
  borrowedFromOutsideFleet,
  sumResourceLists,
  type ClusterProfile,
  type FleetCluster,
  type PlacementInputProvenance,
} from '@flotilla/plugin-multi-cluster-common';
import type { CachedRead } from './CachedReads';
import type { NodeCapacity } from './nodeCapacity';
import { isGpuResource } from './gpuProducts';

function lastFailure(read: CachedRead<unknown> | undefined): string {
  return read?.error
    ? `; the latest read failed (${read.error}), so this is the last known`
    : '';
}

/** Where the inventory's capacity came from: the annotation, or the cluster's source. */
function inventorySource(
  cluster: FleetCluster,
): PlacementInputProvenance | undefined {
  const { allocatable, declared } = cluster.capacity;
  if (!allocatable) return undefined;
  if (declared && JSON.stringify(declared) === JSON.stringify(allocatable)) {
    return {
      source: 'annotation',
      known: true,
      detail:
        'declared by the flotilla.io/capacity annotation (the Nodes could not be read)',
    };
  }
  const source = cluster.source === 'karmada' ? 'karmada' : cluster.source;
  return {
    source,
    known: true,
    detail:
      source === 'karmada'
        ? "the Karmada Cluster's status.resourceSummary (the Nodes could not be read)"
        : `reported by the cluster's ${source} source (the Nodes could not be read)`,
  };
}

/** Capacity and GPUs from the Nodes, else what the inventory knows. */
export function applyCapacity(
  profile: ClusterProfile,
  cluster: FleetCluster,
  nodes: CachedRead<NodeCapacity> | undefined,
): void {
  const inputs = (profile.inputs ??= {});
  const read = nodes?.value;
  if (read) {
    const borrowed = borrowedFromOutsideFleet(cluster).map(n => n.allocatable);
    profile.resourceSummary = {
      allocatable: borrowed.length
        ? sumResourceLists([read.allocatable, ...borrowed]).sum
        : read.allocatable,
      allocated: read.allocated,
    };
    delete profile.availableReplicas;
    profile.gpuModels = read.gpuModels;
    const stale = lastFailure(nodes);
    inputs.capacity = {
      source: 'nodes',
      known: true,
      detail: `${read.nodes} Ready schedulable Nodes less the requests of ${
        read.pods
      } Pods${
        read.unschedulable
          ? ` (${read.unschedulable} Nodes not Ready or cordoned left out)`
          : ''
      }${
        borrowed.length ? `, plus ${borrowed.length} virtual nodes` : ''
      }${stale}`,
      readAt: nodes.readAt,
    };
    inputs.gpu = {
      source: 'nodes',
      known: true,
      detail: read.gpuModels.length
        ? read.gpuModels
            .map(
              g => `${g.free}/${g.allocatable} ${g.resource} ${g.model} free`,
            )
            .join(', ') + stale
        : `no GPUs on the Nodes${stale}`,
      readAt: nodes.readAt,
    };
    return;
  }
  const why = nodes?.error
    ? `the Nodes could not be read: ${nodes.error}`
    : 'the cluster cannot be reached for its Nodes';
  const fallback = inventorySource(cluster);
  inputs.capacity = fallback
    ? {
        ...fallback,
        detail: fallback.detail.replace('the Nodes could not be read', why),
      }
    : {
        source: 'unknown',
        known: false,
        detail: `no capacity known: ${why}, and neither Karmada nor a flotilla.io/capacity annotation reports any`,
      };
  const gpus = Object.keys(profile.resourceSummary?.allocatable ?? {}).filter(
    isGpuResource,
  );
  inputs.gpu = fallback
    ? {
        source: fallback.source,
        known: true,
        detail: gpus.length
          ? `${gpus.join(', ')} counted without models (${why})`
          : `no GPUs reported (${why})`,
      }
    : { source: 'unknown', known: false, detail: `no GPUs known: ${why}` };
}
