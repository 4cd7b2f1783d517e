/**
 * A cluster's connectivity as declared on its catalog entity, for fabrics
 * whose API the inventory cannot see (cloud private connectivity, a mesh
 * managed elsewhere) or clusters it cannot reach at all.
 */
import { CLUSTER_ANNOTATIONS } from '../fleet/annotations';
import { parseCidr } from '../manifests/validation/cidr';
import { rfc1123SubdomainError } from '../manifests/validation/names';
import {
  FABRIC_KINDS,
  type ClusterConnectivity,
  type FabricKind,
  type FabricMembership,
} from './types';

/** @public */
export function isFabricKind(value: string): value is FabricKind {
  return (FABRIC_KINDS as readonly string[]).includes(value);
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map(entry => entry.trim())
    .filter(entry => entry.length > 0);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

type Declarations = Record<string, string>;

function readList(values: Declarations, key: string): string[] | undefined {
  const text = values[key];
  return text === undefined ? undefined : splitList(text);
}

/** The declared cluster sets, sorted; none when any name is invalid. */
function readClusterSets(
  values: Declarations,
  errors: string[],
): { declared: boolean; clusterSets: string[] } {
  const declaredSets = readList(values, CLUSTER_ANNOTATIONS.clusterSets);
  if (!declaredSets) return { declared: false, clusterSets: [] };
  const bad = declaredSets
    .map(name => ({ name, error: rfc1123SubdomainError(name) }))
    .filter(entry => entry.error);
  for (const { error } of bad) {
    errors.push(`${CLUSTER_ANNOTATIONS.clusterSets}: ${error}`);
  }
  return {
    declared: true,
    clusterSets: bad.length > 0 ? [] : unique(declaredSets).sort(),
  };
}

/** The declared fabric kinds; none when any is unknown. */
function readFabricKinds(values: Declarations, errors: string[]): FabricKind[] {
  const declaredFabrics = readList(values, CLUSTER_ANNOTATIONS.fabrics);
  if (!declaredFabrics) return [];
  const unknown = declaredFabrics.filter(name => !isFabricKind(name));
  if (unknown.length === 0) return unique(declaredFabrics) as FabricKind[];
  errors.push(
    `${CLUSTER_ANNOTATIONS.fabrics}: ${unknown
      .map(name => JSON.stringify(name))
      .join(', ')} ${
      unknown.length === 1 ? 'is not a fabric' : 'are not fabrics'
    }; use ${FABRIC_KINDS.join(', ')}`,
  );
  return [];
}

/** A declared CIDR list; none when any entry is not a CIDR. */
function readCidrs(
  values: Declarations,
  key: string,
  errors: string[],
): string[] | undefined {
  const entries = readList(values, key);
  if (!entries) return undefined;
  const problems = entries.flatMap(entry => {
    const parsed = parseCidr(entry);
    return 'error' in parsed ? [`${key}: ${parsed.error}`] : [];
  });
  errors.push(...problems);
  return problems.length > 0 ? undefined : unique(entries);
}

/** Whether the declared fabrics use Globalnet; it needs a declared fabric. */
function readGlobalnet(
  values: Declarations,
  fabricKinds: FabricKind[],
  errors: string[],
): boolean | undefined {
  const globalnetText = values[CLUSTER_ANNOTATIONS.globalnet];
  if (globalnetText === undefined) return undefined;
  const normalized = globalnetText.trim().toLowerCase();
  if (normalized !== 'true' && normalized !== 'false') {
    errors.push(
      `${
        CLUSTER_ANNOTATIONS.globalnet
      }: expected true or false, got ${JSON.stringify(globalnetText)}`,
    );
    return undefined;
  }
  if (fabricKinds.length === 0) {
    errors.push(
      `${CLUSTER_ANNOTATIONS.globalnet} applies to the declared fabrics, but no fabric is declared: add ${CLUSTER_ANNOTATIONS.fabrics}`,
    );
    return undefined;
  }
  return normalized === 'true';
}

/** Each declared fabric in each declared cluster set. */
function declaredMemberships(
  clusterSets: string[],
  fabricKinds: FabricKind[],
  globalnet: boolean | undefined,
): FabricMembership[] {
  return clusterSets.flatMap(clusterSet =>
    fabricKinds.map(kind => ({
      kind,
      clusterSet,
      detectedVia: 'declared' as const,
      ...(globalnet !== undefined ? { globalnet } : {}),
      evidence: [
        `Declared by ${CLUSTER_ANNOTATIONS.fabrics}=${kind} and ${CLUSTER_ANNOTATIONS.clusterSets}`,
      ],
    })),
  );
}

/**
 * Reads `flotilla.io/cluster-sets`, `fabrics`, `pod-cidrs`, `service-cidrs`
 * and `globalnet` from a cluster entity's labels and annotations (merged,
 * as the catalog connector passes them).
 *
 * An annotation with any bad entry is ignored as a whole and explained in
 * `errors`: half a CIDR list would make the overlap check lie. The errors
 * are also kept on the returned record so they travel with the cluster.
 * Returns no connectivity when nothing usable is declared.
 *
 * @public
 */
export function readDeclaredConnectivity(values: Record<string, string>): {
  connectivity?: ClusterConnectivity;
  errors: string[];
} {
  const errors: string[] = [];
  const { declared: setsDeclared, clusterSets } = readClusterSets(
    values,
    errors,
  );
  let fabricKinds = readFabricKinds(values, errors);
  const podCidrs = readCidrs(values, CLUSTER_ANNOTATIONS.podCidrs, errors);
  const serviceCidrs = readCidrs(
    values,
    CLUSTER_ANNOTATIONS.serviceCidrs,
    errors,
  );
  const globalnet = readGlobalnet(values, fabricKinds, errors);

  // A fabric joins clusters into a set; without a set there is nothing to
  // say who it connects this cluster to.
  if (fabricKinds.length > 0 && clusterSets.length === 0) {
    if (!setsDeclared) {
      errors.push(
        `${CLUSTER_ANNOTATIONS.fabrics} declares ${fabricKinds.join(
          ', ',
        )} but no cluster set: add ${
          CLUSTER_ANNOTATIONS.clusterSets
        } naming the set the fabric joins`,
      );
    }
    fabricKinds = [];
  }

  const hasNetworks = podCidrs !== undefined || serviceCidrs !== undefined;
  if (clusterSets.length === 0 && !hasNetworks) {
    return { errors };
  }
  const connectivity: ClusterConnectivity = {
    clusterSets,
    fabrics: declaredMemberships(clusterSets, fabricKinds, globalnet),
  };
  if (hasNetworks) {
    connectivity.networks = {
      podCidrs: podCidrs ?? [],
      serviceCidrs: serviceCidrs ?? [],
      detectedVia: 'declared',
    };
  }
  if (errors.length > 0) connectivity.errors = [...errors];
  return { connectivity, errors };
}
