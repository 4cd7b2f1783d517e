import type {
  ClusterProfile,
  PlacementOptions,
} from '@flotilla/plugin-multi-cluster-common';

const sortedUnique = (values: (string | undefined)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort();

/** Nodes without a GPU product label report this model; not a choice. */
const UNLABELLED_GPU_MODEL = 'unknown';

/**
 * What a placement can name on these clusters: their regions (with the
 * providers, clusters and jurisdictions in each), the clusters, and the
 * jurisdictions, attestations, environments and GPU models they declare.
 */
export function placementOptionsOf(
  fleet: ClusterProfile[],
  userRegions: string[],
): PlacementOptions {
  const regionNames = sortedUnique(fleet.map(c => c.region));
  return {
    regions: regionNames.map(name => {
      const inRegion = fleet.filter(c => c.region === name);
      return {
        name,
        providers: sortedUnique(inRegion.map(c => c.provider)),
        clusters: sortedUnique(inRegion.map(c => c.name)),
        jurisdictions: sortedUnique(inRegion.map(c => c.jurisdiction)),
      };
    }),
    clusters: [...fleet]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(c => ({
        name: c.name,
        region: c.region,
        provider: c.provider,
        environment: c.environment,
        health: c.health,
        jurisdiction: c.jurisdiction,
        compliance: sortedUnique(c.compliance ?? []),
      })),
    userRegions,
    jurisdictions: sortedUnique(fleet.map(c => c.jurisdiction)),
    compliance: sortedUnique(fleet.flatMap(c => c.compliance ?? [])),
    environments: sortedUnique(fleet.map(c => c.environment)),
    gpuModels: sortedUnique(
      fleet.flatMap(c => (c.gpuModels ?? []).map(g => g.model)),
    ).filter(model => model !== UNLABELLED_GPU_MODEL),
  };
}
