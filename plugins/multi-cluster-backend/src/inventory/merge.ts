import { mergeConnectivity } from '@flotilla/plugin-multi-cluster-common';
import { boundProblems } from './findings';
import {
  ClusterAccess,
  ClusterConflict,
  ClusterHealth,
  ClusterRecord,
  ClusterSourceType,
  FleetCluster,
  PlacedWorkload,
  StoredCluster,
} from './types';

/** Field precedence: the first source that sets a value wins. */
const SOURCE_PRIORITY: ClusterSourceType[] = [
  'config',
  'catalog',
  'karmada',
  'cluster-api',
  'demo',
];

const HEALTH_PRIORITY: ClusterSourceType[] = [
  'karmada',
  'demo',
  'cluster-api',
  'config',
  'catalog',
];

function rank(list: ClusterSourceType[], t: ClusterSourceType): number {
  const i = list.indexOf(t);
  return i < 0 ? list.length : i;
}

/**
 * Which access wins when several sources know a cluster: a simulated (demo)
 * cluster is only reachable through the simulator; otherwise a direct
 * connection beats the Karmada proxy.
 */
function accessRank(access: ClusterAccess): number {
  switch (access.kind) {
    case 'demo':
      return 0;
    case 'direct':
      return 1;
    default:
      return 2;
  }
}

/** Normalizes an API server URL for comparison. */
export function normalizeUrl(url: string): string {
  try {
    const u = new URL(url);
    const defaultPorts: Record<string, string> = {
      'https:': '443',
      'http:': '80',
    };
    const port = u.port || (defaultPorts[u.protocol] ?? '');
    return `${
      u.protocol
    }//${u.hostname.toLowerCase()}:${port}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/** The result of merging: a cluster, its access and the source's health. */
export interface MergedCluster extends StoredCluster {
  sourceHealth?: ClusterHealth;
}

function detectConflicts(records: ClusterRecord[]): ClusterConflict[] {
  const conflicts: ClusterConflict[] = [];
  const check = (
    field: 'apiServerUrl' | 'region' | 'provider',
    normalize: (v: string) => string,
  ) => {
    const values = records
      .filter(r => typeof r.fields[field] === 'string' && r.fields[field])
      .map(r => ({ sourceId: r.sourceId, value: String(r.fields[field]) }));
    const distinct = new Set(values.map(v => normalize(v.value)));
    if (distinct.size > 1) {
      conflicts.push({
        field,
        values,
        message: `Sources disagree on ${field} (${values
          .map(v => `${v.sourceId}: ${v.value}`)
          .join(
            ', ',
          )}); not merged silently, the value of the highest-priority source is shown`,
      });
    }
  };
  check('apiServerUrl', normalizeUrl);
  check('region', v => v.toLowerCase());
  check('provider', v => v.toLowerCase());
  return conflicts;
}

/**
 * Merges connector records into one cluster per name. Clusters known to
 * several sources become one; disagreements that cannot be the same cluster
 * (different API server URLs, regions or providers) are reported in
 * `conflicts`.
 */
export function mergeRecords(
  records: ClusterRecord[],
  now: string,
): MergedCluster[] {
  // CAPI objects referenced by a catalog entity merge into that entity.
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

  const result: MergedCluster[] = [];
  for (const [name, group] of groups) {
    group.sort(
      (a, b) =>
        rank(SOURCE_PRIORITY, a.source) - rank(SOURCE_PRIORITY, b.source),
    );
    const fields: Record<string, any> = {};
    for (const r of group) {
      for (const [k, v] of Object.entries(r.fields)) {
        if (v !== undefined && fields[k] === undefined) {
          fields[k] = v;
        }
      }
    }
    // labels and capacity: lower priority first, higher priority overrides
    let labels: Record<string, string> = {};
    const capacity: Record<string, any> = {};
    for (const r of [...group].reverse()) {
      // Spread defines keys (a `__proto__` label stays a label);
      // Object.assign would call the prototype setter.
      labels = { ...labels, ...r.fields.labels };
      for (const [k, v] of Object.entries(r.fields.capacity ?? {})) {
        if (v !== undefined) {
          capacity[k] = v;
        }
      }
    }
    // Connectivity: what a cluster's own API shows (detectors, the demo
    // simulator) beats what the catalog or config declares.
    const declaredSources: ClusterSourceType[] = ['catalog', 'config'];
    const connectivityOf = (declared: boolean) =>
      group
        .filter(r => declaredSources.includes(r.source) === declared)
        .map(r => r.fields.connectivity)
        .reduce(
          (merged, next) => (next ? mergeConnectivity(merged, next) : merged),
          undefined as FleetCluster['connectivity'],
        );
    fields.connectivity = mergeConnectivity(
      connectivityOf(false),
      connectivityOf(true),
    );
    const workloads: PlacedWorkload[] = group.flatMap(
      r => r.fields.workloads ?? [],
    );
    const accessRecord = [...group]
      .filter(r => r.access)
      .sort((a, b) => accessRank(a.access!) - accessRank(b.access!))[0];
    const healthRecord = [...group]
      .filter(r => r.health)
      .sort(
        (a, b) =>
          rank(HEALTH_PRIORITY, a.source) - rank(HEALTH_PRIORITY, b.source),
      )[0];
    // Every source's findings, each naming its source.
    const problems = boundProblems(
      group.flatMap(r =>
        (r.fields.problems ?? []).map(problem => `${r.sourceId}: ${problem}`),
      ),
    );
    const conflicts = detectConflicts(group);
    const sources = group.map(r => ({ type: r.source, id: r.sourceId }));
    const cluster: FleetCluster = {
      ...(fields as Partial<FleetCluster>),
      name,
      source: group[0].source,
      sources,
      labels,
      capacity,
      workloads: workloads.length ? workloads : undefined,
      health: healthRecord?.health ?? { status: 'unknown', via: 'none' },
      conflicts: conflicts.length ? conflicts : undefined,
      problems: problems.length ? problems : undefined,
      stale: false,
      refreshedAt: now,
    };
    const access: ClusterAccess | undefined = accessRecord?.access;
    result.push({ cluster, access, sourceHealth: healthRecord?.health });
  }
  result.sort((a, b) => a.cluster.name.localeCompare(b.cluster.name));
  return result;
}
