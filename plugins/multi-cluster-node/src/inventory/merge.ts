import { mergeConnectivity } from '@flotilla/plugin-multi-cluster-common';
import { boundProblems } from './findings';
import { clusterHealthVerdict } from './health';
import {
  ClusterAccess,
  ClusterConflict,
  ClusterHealthEvidence,
  ClusterRecord,
  ClusterSourceType,
  FleetCluster,
  PlacedWorkload,
  StoredCluster,
} from './types';

/**
 * Field precedence: the first source that sets a value wins.
 *
 * OCM comes last: its URL, region, provider and taints describe the
 * member as its agent registered it on the hub, while Karmada and Cluster
 * API are the planes Flotilla acts through (Karmada's taints and resource
 * summary feed the scheduling simulation); OCM fills what they leave
 * empty. What OCM is authoritative for has its own rules: its labels win
 * over every source's (see mergeRecords), its claims and cluster set are
 * its own field (`ocm`). Health is every source's evidence under one
 * verdict (see clusterHealthVerdict).
 */
const SOURCE_PRIORITY: ClusterSourceType[] = [
  'config',
  'catalog',
  'karmada',
  'cluster-api',
  'ocm',
];

function rank(list: ClusterSourceType[], t: ClusterSourceType): number {
  const i = list.indexOf(t);
  return i < 0 ? list.length : i;
}

/**
 * Which access path is tried first when several sources know a cluster:
 * 1. a cluster the platform team configured for this backend (config), with
 *    its own credentials;
 * 2. the Karmada proxy: the control plane's configured credentials, the
 *    path Karmada itself uses;
 * 3. the Cluster API kubeconfig Secret, written by CAPI for this cluster;
 * 4. a direct URL from any other source (the catalog): its auth provider is
 *    declared for the Kubernetes plugin's users (the catalog module writes
 *    `serviceAccount` onto every cluster it ingests), not proven to work
 *    for this backend, so it never hides a path that does.
 * The inventory then takes the first path this backend can use at all
 * (see ClusterClientFactory.canReach).
 */
function accessRank(record: ClusterRecord): number {
  const access = record.access!;
  switch (access.kind) {
    case 'direct':
      return record.source === 'config' ? 0 : 3;
    case 'karmada-proxy':
      return 1;
    case 'capi-kubeconfig':
      return 2;
    default:
      return 4;
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

/**
 * The result of merging: a cluster, its access and its sources' health
 * evidence.
 *
 * @public
 */
export interface MergedCluster extends StoredCluster {
  /** Each source's health evidence; the inventory adds its probe's. */
  sourceEvidence: ClusterHealthEvidence[];
  /** Every source's access, best first; `access` is the first of them. */
  accessCandidates: ClusterAccess[];
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
 *
 * @public
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
    const fields: Record<string, unknown> = {};
    for (const r of group) {
      for (const [k, v] of Object.entries(r.fields)) {
        if (v !== undefined && fields[k] === undefined) {
          fields[k] = v;
        }
      }
    }
    // labels and capacity: lower priority first, higher priority overrides
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
    // Connectivity: what a cluster's own API shows (detectors) beats what
    // the catalog or config declares.
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
    const accessCandidates = group
      .filter(r => r.access)
      .sort((a, b) => accessRank(a) - accessRank(b))
      .map(r => r.access!);
    const sourceEvidence = group.flatMap(r =>
      r.health ? [{ ...r.health, sourceId: r.sourceId }] : [],
    );
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
      capacity: capacity as FleetCluster['capacity'],
      workloads: workloads.length ? workloads : undefined,
      health: clusterHealthVerdict(sourceEvidence, now),
      conflicts: conflicts.length ? conflicts : undefined,
      problems: problems.length ? problems : undefined,
      stale: false,
      refreshedAt: now,
    };
    result.push({
      cluster,
      access: accessCandidates[0],
      accessCandidates,
      sourceEvidence,
    });
  }
  result.sort((a, b) => a.cluster.name.localeCompare(b.cluster.name));
  return result;
}
