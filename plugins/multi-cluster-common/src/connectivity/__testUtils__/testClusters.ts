import type { FleetCluster } from '../../api/fleet';
import type { ClusterConnectivity, FabricMembership } from '../types';

/** Builds a fleet cluster for unit tests; only `name` is required. */
export function testCluster(
  name: string,
  fields: Partial<Omit<FleetCluster, 'name'>> = {},
): FleetCluster {
  return {
    name,
    source: 'catalog',
    sources: [{ type: 'catalog', id: 'catalog' }],
    labels: {},
    capacity: {},
    health: { status: 'healthy', via: 'readyz' },
    stale: false,
    refreshedAt: '2025-06-01T12:00:00.000Z',
    ...fields,
  };
}

/** A fabric membership as a detector reports it. */
export function membership(
  kind: FabricMembership['kind'],
  clusterSet: string,
  fields: Partial<FabricMembership> = {},
): FabricMembership {
  return {
    kind,
    clusterSet,
    detectedVia: 'api',
    evidence: [`${kind} seen in the test fleet`],
    ...fields,
  };
}

/** Connectivity whose cluster sets are those of its fabrics. */
export function connectivity(
  fabrics: FabricMembership[],
  fields: Partial<ClusterConnectivity> = {},
): ClusterConnectivity {
  return {
    clusterSets: [...new Set(fabrics.map(f => f.clusterSet))].sort(),
    fabrics,
    ...fields,
  };
}

/** Pod and service CIDRs as detected from the API. */
export function networks(podCidrs: string[], serviceCidrs: string[] = []) {
  return { podCidrs, serviceCidrs, detectedVia: 'api' as const };
}
