import type { PlacementOptions } from './placementAdvice';
import { REQUEST_LIMITS } from './schemas/names';

/**
 * Where a template's placement may go, as the Scaffolder's placement picker
 * writes it: `auto` (the advice decides among all clusters),
 * `region:<name>` (only that region's clusters) or `cluster:<name>` (only
 * that cluster).
 *
 * @public
 */
export type PlacementTarget =
  | { kind: 'auto' }
  | { kind: 'region'; name: string }
  | { kind: 'cluster'; name: string };

/** @public */
export const PLACEMENT_TARGET_AUTO = 'auto';

const TARGET_PATTERN = /^(region|cluster):(.+)$/;

/**
 * The picker's value read back; undefined when it is none of the three
 * forms (or a name longer than any cluster or region name).
 *
 * @public
 */
export function parsePlacementTarget(
  value: string,
): PlacementTarget | undefined {
  if (value === PLACEMENT_TARGET_AUTO) return { kind: 'auto' };
  const match = TARGET_PATTERN.exec(value);
  if (!match || match[2].length > REQUEST_LIMITS.nameLength) return undefined;
  return { kind: match[1] as 'region' | 'cluster', name: match[2] };
}

/** @public */
export function formatPlacementTarget(target: PlacementTarget): string {
  return target.kind === 'auto'
    ? PLACEMENT_TARGET_AUTO
    : `${target.kind}:${target.name}`;
}

/**
 * What restricts advice to a target: the clusters to exclude (every cluster
 * of the fleet outside it), or why the target names nothing on the fleet.
 *
 * @public
 */
export type PlacementTargetRestriction =
  | { excludeClusters: string[] }
  | { unknown: string };

/**
 * The clusters advice must leave out for a target, read from the fleet's
 * placement options. Exclusion, rather than a required region label, keeps
 * the region exactly what the options call a region (Karmada's
 * `spec.region` or the catalog's label, whichever the cluster has).
 *
 * @public
 */
export function restrictToTarget(
  target: PlacementTarget,
  options: Pick<PlacementOptions, 'regions' | 'clusters'>,
): PlacementTargetRestriction {
  if (target.kind === 'auto') return { excludeClusters: [] };
  const known =
    target.kind === 'region'
      ? options.regions.some(region => region.name === target.name)
      : options.clusters.some(cluster => cluster.name === target.name);
  if (!known) {
    return {
      unknown: `${target.kind} '${target.name}' is not on the fleet`,
    };
  }
  const inside = (cluster: PlacementOptions['clusters'][number]) =>
    target.kind === 'region'
      ? cluster.region === target.name
      : cluster.name === target.name;
  return {
    excludeClusters: options.clusters.filter(c => !inside(c)).map(c => c.name),
  };
}
