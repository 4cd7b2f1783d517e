import type { KarmadaPlacement } from '../../scheduling/placement';
import type { ServiceDrSpec } from '../service';

/**
 * The placement a lost cluster's replicas are scheduled with: the service's
 * own constraints (affinity, fallback affinities, tolerations, spread) and,
 * as a failover moves replicas, Divided over the fewest clusters that hold
 * them (Aggregated). Lost clusters are left out of the candidates instead.
 * An active-passive service's standby is always a candidate: a declared
 * list of cluster names usually names only where it runs now.
 */
export function movedReplicaPlacement(spec: ServiceDrSpec): KarmadaPlacement {
  const declared = spec.placement ?? {};
  const placement: KarmadaPlacement = {
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Aggregated',
    },
  };
  if (declared.clusterAffinity) {
    placement.clusterAffinity = withStandby(
      declared.clusterAffinity,
      spec.standbyCluster,
    );
  }
  if (declared.clusterAffinities) {
    placement.clusterAffinities = declared.clusterAffinities;
  }
  if (declared.clusterTolerations) {
    placement.clusterTolerations = declared.clusterTolerations;
  }
  if (declared.spreadConstraints) {
    placement.spreadConstraints = declared.spreadConstraints;
  }
  return placement;
}

function withStandby(
  affinity: NonNullable<KarmadaPlacement['clusterAffinity']>,
  standby: string | undefined,
): NonNullable<KarmadaPlacement['clusterAffinity']> {
  const names = affinity.clusterNames;
  if (!standby || !names?.length || names.includes(standby)) return affinity;
  return { ...affinity, clusterNames: [...names, standby] };
}
