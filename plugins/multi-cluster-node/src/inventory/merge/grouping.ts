import type { ClusterRecord } from '../types';

/**
 * The records of each cluster by name. CAPI objects referenced by a
 * catalog entity (`capiRef`) merge into that entity.
 */
export function groupByCluster(
  records: ClusterRecord[],
): Map<string, ClusterRecord[]> {
  const aliases = new Map<string, string>();
  for (const r of records) {
    if (r.capiRef) {
      aliases.set(
        `${r.capiRef.managementCluster}/${r.capiRef.namespace}/${r.capiRef.name}`,
        r.name,
      );
    }
  }
  const groups = new Map<string, ClusterRecord[]>();
  for (const r of records) {
    let name = r.name;
    const lc = r.fields.lifecycle;
    if (r.source === 'cluster-api' && lc) {
      name =
        aliases.get(`${lc.managementCluster}/${lc.namespace}/${lc.name}`) ??
        name;
    }
    const group = groups.get(name) ?? [];
    group.push(r);
    groups.set(name, group);
  }
  return groups;
}
