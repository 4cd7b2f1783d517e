import type { Config } from '@backstage/config';

/**
 * The module's settings, read from `multiCluster.carbonIntensity`.
 *
 * @public
 */
export interface CarbonIntensityConfig {
  /** gCO2eq/kWh by cluster region. */
  regions: Record<string, number>;
  /** Weight of the carbon objective in the total score. */
  weight: number;
  /** Regions above this intensity are excluded (the ceiling filter). */
  maxGramsPerKwh?: number;
}

/** Throws, naming the key, on a value no objective could use: a startup error. */
function nonNegative(value: number | undefined, key: string) {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
    throw new Error(`${key} must be a number of 0 or more, got ${value}`);
  }
  return value;
}

export function readCarbonIntensityConfig(
  config: Config,
): CarbonIntensityConfig {
  const root = config.getOptionalConfig('multiCluster.carbonIntensity');
  const table = root?.getOptionalConfig('regions');
  const regions: Record<string, number> = Object.create(null);
  for (const region of table?.keys() ?? []) {
    regions[region] = nonNegative(
      table!.getNumber(region),
      `multiCluster.carbonIntensity.regions.${region}`,
    )!;
  }
  return {
    regions,
    weight:
      nonNegative(
        root?.getOptionalNumber('weight'),
        'multiCluster.carbonIntensity.weight',
      ) ?? 1,
    maxGramsPerKwh: nonNegative(
      root?.getOptionalNumber('maxGramsPerKwh'),
      'multiCluster.carbonIntensity.maxGramsPerKwh',
    ),
  };
}
