import type { PlacementOptions } from '@flotilla/plugin-multi-cluster-common';

/**
 * The lists of the live fleet a template field may offer.
 *
 * @public
 */
export type FleetFacet =
  | 'regions'
  | 'userRegions'
  | 'jurisdictions'
  | 'environments'
  | 'compliance'
  | 'gpuModels';

export const FLEET_FACETS: Record<FleetFacet, string> = {
  regions: 'regions of the fleet',
  userRegions: 'user regions of the latency matrix',
  jurisdictions: 'jurisdictions the clusters declare',
  environments: 'environments of the clusters',
  compliance: 'compliance attestations the clusters hold',
  gpuModels: 'GPU models of the clusters',
};

export function isFleetFacet(value: unknown): value is FleetFacet {
  return typeof value === 'string' && Object.hasOwn(FLEET_FACETS, value);
}

/** The facet's values on the fleet, sorted. */
export function facetValues(
  options: PlacementOptions,
  facet: FleetFacet,
): string[] {
  const values =
    facet === 'regions' ? options.regions.map(r => r.name) : options[facet];
  return [...new Set(values)].sort();
}

/** The chosen values the fleet does not offer. */
export function valuesOffTheFleet(
  chosen: unknown,
  offered: string[],
): string[] {
  const list = Array.isArray(chosen) ? chosen : [chosen];
  return list
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .filter(v => !offered.includes(v));
}
