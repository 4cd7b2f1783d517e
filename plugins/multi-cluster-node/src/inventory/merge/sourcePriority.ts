import type { ClusterRecord, ClusterSourceType } from '../types';

/**
 * Field precedence: the first source that sets a value wins.
 *
 * OCM comes last: its URL, region, provider and taints describe the
 * member as its agent registered it on the hub, while Karmada and Cluster
 * API are the planes Flotilla acts through (Karmada's taints and resource
 * summary feed the scheduling simulation); OCM fills what they leave
 * empty. What OCM is authoritative for has its own rules: its labels win
 * over every source's (see mergeLabelsAndCapacity), its claims and cluster
 * set are its own field (`ocm`). Health is every source's evidence under
 * one verdict (see clusterHealthVerdict).
 */
const SOURCE_PRIORITY: ClusterSourceType[] = [
  'config',
  'catalog',
  'karmada',
  'cluster-api',
  'ocm',
];

function rank(t: ClusterSourceType): number {
  const i = SOURCE_PRIORITY.indexOf(t);
  return i < 0 ? SOURCE_PRIORITY.length : i;
}

/** Orders records highest-priority source first. */
export function bySourcePriority(a: ClusterRecord, b: ClusterRecord): number {
  return rank(a.source) - rank(b.source);
}

/** Each field from the first record (in priority order) that sets it. */
export function firstSetFields(
  group: ClusterRecord[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const r of group) {
    for (const [k, v] of Object.entries(r.fields)) {
      if (v !== undefined && fields[k] === undefined) {
        fields[k] = v;
      }
    }
  }
  return fields;
}
