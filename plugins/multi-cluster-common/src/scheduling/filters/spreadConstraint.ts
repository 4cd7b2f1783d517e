/**
 * SpreadConstraint filter: spreading by provider, region or zone needs the
 * cluster to declare that property.
 */
import type { ClusterFilter } from './types';

export const spreadConstraintFilter: ClusterFilter = (cluster, context) => {
  if (context.requiresProvider && !cluster.provider) {
    return {
      plugin: 'SpreadConstraint',
      karmadaReason: "cluster(s) didn't have provider property",
      explanation: 'has no provider (required by spread constraint provider)',
    };
  }
  if (context.requiresRegion && !cluster.region) {
    return {
      plugin: 'SpreadConstraint',
      karmadaReason: "cluster(s) didn't have region property",
      explanation: 'has no region (required by spread constraint region)',
    };
  }
  if (context.requiresZone && (!cluster.zones || cluster.zones.length === 0)) {
    return {
      plugin: 'SpreadConstraint',
      karmadaReason: "cluster(s) didn't have zone property",
      explanation: 'has no zones (required by spread constraint zone)',
    };
  }
  return undefined;
};
