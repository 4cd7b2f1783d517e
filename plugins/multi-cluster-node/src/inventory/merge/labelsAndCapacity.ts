import type { ClusterRecord } from '../types';

/**
 * Labels and capacity of a cluster's records (in priority order): lower
 * priority first, higher priority overrides, except that OCM's labels win
 * over every source's and its capacity comes below everyone's.
 */
export function mergeLabelsAndCapacity(group: ClusterRecord[]): {
  labels: Record<string, string>;
  capacity: Record<string, unknown>;
} {
  let labels: Record<string, string> = {};
  // Field by field, each from the source that sets it (same types as in
  // ClusterCapacity, copied as they are).
  const capacity: Record<string, unknown> = {};
  for (const r of [...group].reverse()) {
    if (r.source === 'ocm') continue;
    // Spread defines keys (a `__proto__` label stays a label);
    // Object.assign would call the prototype setter.
    labels = { ...labels, ...r.fields.labels };
    for (const [k, v] of Object.entries(r.fields.capacity ?? {})) {
      if (v !== undefined) {
        capacity[k] = v;
      }
    }
  }
  // OCM is authoritative for its labels: the hub is where the platform
  // labels clusters for placement, and its Placements decide on those
  // values, so they win over every other source's. Its capacity comes
  // below everyone's (SOURCE_PRIORITY).
  for (const r of group.filter(x => x.source === 'ocm').reverse()) {
    labels = { ...labels, ...r.fields.labels };
    for (const [k, v] of Object.entries(r.fields.capacity ?? {})) {
      if (v !== undefined && capacity[k] === undefined) {
        capacity[k] = v;
      }
    }
  }
  return { labels, capacity };
}
