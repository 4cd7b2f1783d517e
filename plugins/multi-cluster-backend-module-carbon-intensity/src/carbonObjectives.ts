import type {
  ClusterProfile,
  PlacementFilter,
  PlacementScorer,
} from '@flotilla/plugin-multi-cluster-common';
import type { CarbonIntensityConfig } from './config';

/** The configured intensity of the cluster's region; undefined when none. */
function intensityOf(
  cluster: ClusterProfile,
  regions: Record<string, number>,
): number | undefined {
  return cluster.region !== undefined &&
    Object.prototype.hasOwnProperty.call(regions, cluster.region)
    ? regions[cluster.region]
    : undefined;
}

const unknownFor = (cluster: ClusterProfile) =>
  `no carbon intensity configured for ${
    cluster.region ?? 'a cluster without a region'
  }`;

/**
 * The `carbon` objective: a cleaner grid scores higher, relative to the
 * cleanest (100) and dirtiest (0) eligible cluster with a known intensity,
 * as the built-in cost objective scores prices.
 *
 * @public
 */
export function carbonScorer(config: CarbonIntensityConfig): PlacementScorer {
  const { regions } = config;
  return {
    id: 'carbon',
    weight: config.weight,
    score(cluster, { eligible }) {
      const grams = intensityOf(cluster, regions);
      if (grams === undefined) return undefined;
      const known = eligible
        .map(c => intensityOf(c, regions))
        .filter((g): g is number => g !== undefined);
      const cleanest = Math.min(...known);
      const dirtiest = Math.max(...known);
      if (dirtiest === cleanest) return 100;
      return (100 * (dirtiest - grams)) / (dirtiest - cleanest);
    },
    explain(cluster) {
      const grams = intensityOf(cluster, regions);
      return grams === undefined
        ? unknownFor(cluster)
        : `${grams} gCO2eq/kWh in ${cluster.region}`;
    },
  };
}

/**
 * The `carbon-ceiling` filter: excludes clusters whose region's grid is
 * above `maxGramsPerKwh`, or whose intensity is not configured (a ceiling
 * that cannot be checked is not met).
 *
 * @public
 */
export function carbonCeilingFilter(
  config: CarbonIntensityConfig & { maxGramsPerKwh: number },
): PlacementFilter {
  const { regions, maxGramsPerKwh: ceiling } = config;
  return {
    id: 'carbon-ceiling',
    filter(cluster) {
      const grams = intensityOf(cluster, regions);
      if (grams === undefined) {
        return [`${unknownFor(cluster)}; the ceiling is ${ceiling} gCO2eq/kWh`];
      }
      return grams > ceiling
        ? [
            `grid carbon intensity ${grams} gCO2eq/kWh in ${cluster.region} is above the ceiling of ${ceiling}`,
          ]
        : undefined;
    },
  };
}
