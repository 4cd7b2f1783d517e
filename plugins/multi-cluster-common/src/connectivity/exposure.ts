/**
 * Where an entity's MCS services are exported and who can reach them, and
 * whether the entity's clusters can reach its dependencies.
 */
import type { FleetCluster } from '../api/fleet';
import type {
  DependencyReachability,
  EntityExposure,
  ExportedService,
} from '../api/connectivity';
import { SERVICE_ANNOTATIONS } from '../fleet/annotations';
import { rfc1123LabelError } from '../manifests/validation/names';
import { clusterSetIndex } from './clusterSets';
import type { ServiceExportRecord } from './types';

/**
 * Reads `flotilla.io/service-exports`: comma-separated `namespace/name`,
 * each part an RFC 1123 label (a namespace and a Service name). Returns the
 * entries sorted without duplicates; throws listing every bad entry.
 *
 * @public
 */
export function parseServiceExportsAnnotation(text: string): string[] {
  const entries = text
    .split(',')
    .map(entry => entry.trim())
    .filter(entry => entry.length > 0);
  const problems = entries.flatMap(entry => {
    const problem = serviceRefError(entry);
    return problem ? [problem] : [];
  });
  if (problems.length > 0) {
    throw new Error(
      `${SERVICE_ANNOTATIONS.serviceExports}: ${problems.join('; ')}`,
    );
  }
  return [...new Set(entries)].sort();
}

function serviceRefError(entry: string): string | undefined {
  const parts = entry.split('/');
  if (parts.length !== 2) {
    return `${JSON.stringify(
      entry,
    )} is not namespace/name, e.g. payments/checkout-api`;
  }
  const [namespace, name] = parts;
  const namespaceError = rfc1123LabelError(namespace);
  if (namespaceError) {
    return `namespace of ${JSON.stringify(entry)}: ${namespaceError}`;
  }
  const nameError = rfc1123LabelError(name);
  if (nameError) return `name of ${JSON.stringify(entry)}: ${nameError}`;
  return undefined;
}

/** @public */
export interface EntityExposureInput {
  entityRef: string;
  /** `namespace/name` from `flotilla.io/service-exports`. */
  declaredExports: string[];
  /** The entity's workloads, where they run. */
  workloads: { cluster: string; namespace: string; name: string }[];
  clusters: FleetCluster[];
  /** The entity's `dependsOn` targets and the clusters they run on. */
  dependencies: { entityRef: string; clusters: string[] }[];
}

interface SeenExport {
  cluster: string;
  record: ServiceExportRecord;
}

const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort();

/** Which cluster sets each cluster is in, and which clusters each set has. */
interface SetMembership {
  setsByCluster: Map<string, Set<string>>;
  membersBySet: Map<string, string[]>;
}

function setMembership(clusters: FleetCluster[]): SetMembership {
  const setsByCluster = clusterSetIndex(clusters);
  const membersBySet = new Map<string, string[]>();
  for (const [cluster, sets] of setsByCluster) {
    for (const set of sets) {
      const members = membersBySet.get(set);
      if (members) members.push(cluster);
      else membersBySet.set(set, [cluster]);
    }
  }
  return { setsByCluster, membersBySet };
}

/**
 * An entity's exposure across the fleet.
 *
 * Its exports are the ServiceExports named like one of its workloads (MCS
 * namespace sameness: the same namespace/name is the same service in every
 * cluster of a set) plus every declared export. A service is reachable from
 * the clusters that export it and every cluster sharing a cluster set with
 * one of them, at `<name>.<namespace>.svc.clusterset.local`.
 *
 * A dependency is unreachable from an entity cluster that neither runs the
 * dependency nor shares a cluster set with a cluster that does.
 *
 * Throws when a declared export is not `namespace/name`.
 *
 * @public
 */
export function describeEntityExposure(
  input: EntityExposureInput,
): EntityExposure {
  for (const declared of input.declaredExports) {
    const problem = serviceRefError(declared);
    if (problem) throw new Error(`declared export ${problem}`);
  }
  const declared = new Set(input.declaredExports);
  const membership = setMembership(input.clusters);
  const seenByKey = entityServiceExports(input, declared);
  const exports: ExportedService[] = sortedUnique([
    ...seenByKey.keys(),
    ...declared,
  ]).map(key =>
    exportedService(key, seenByKey.get(key) ?? [], declared, membership),
  );
  return {
    entityRef: input.entityRef,
    exports,
    dependencies: dependencyReachability(input, membership.setsByCluster),
  };
}

/**
 * The ServiceExports of the fleet that are the entity's, by `namespace/name`:
 * named like one of its workloads or declared (each cluster read once).
 */
function entityServiceExports(
  input: EntityExposureInput,
  declared: Set<string>,
): Map<string, SeenExport[]> {
  const workloadKeys = new Set(
    input.workloads.map(w => `${w.namespace}/${w.name}`),
  );
  const seenByKey = new Map<string, SeenExport[]>();
  const visited = new Set<string>();
  for (const cluster of input.clusters) {
    if (visited.has(cluster.name)) continue;
    visited.add(cluster.name);
    for (const record of cluster.connectivity?.serviceExports ?? []) {
      const key = `${record.namespace}/${record.name}`;
      if (!workloadKeys.has(key) && !declared.has(key)) continue;
      const seen = seenByKey.get(key);
      const entry = { cluster: cluster.name, record };
      if (seen) seen.push(entry);
      else seenByKey.set(key, [entry]);
    }
  }
  return seenByKey;
}

/** One service: where it is exported from, reachable from, and its problems. */
function exportedService(
  key: string,
  seenExports: SeenExport[],
  declared: Set<string>,
  { setsByCluster, membersBySet }: SetMembership,
): ExportedService {
  const [namespace, name] = key.split('/');
  const seen = [...seenExports].sort((a, b) =>
    a.cluster.localeCompare(b.cluster),
  );
  const exportedFrom = sortedUnique(
    seen.filter(s => s.record.valid !== false).map(s => s.cluster),
  );
  const exporterSets = new Set(
    exportedFrom.flatMap(cluster => [...(setsByCluster.get(cluster) ?? [])]),
  );
  const reachableFrom = sortedUnique([
    ...exportedFrom,
    ...[...exporterSets].flatMap(set => membersBySet.get(set) ?? []),
  ]);
  const problems = seen.flatMap(({ cluster, record }) =>
    serviceExportProblems(cluster, key, record),
  );
  if (declared.has(key) && exportedFrom.length === 0) {
    problems.push(
      `${key} is declared in ${SERVICE_ANNOTATIONS.serviceExports} but exported from no cluster: create a ServiceExport named ${name} in namespace ${namespace} where the Service runs`,
    );
  }
  return {
    namespace,
    name,
    clusterSetHost: `${name}.${namespace}.svc.clusterset.local`,
    exportedFrom,
    reachableFrom,
    problems,
  };
}

function serviceExportProblems(
  cluster: string,
  key: string,
  record: ServiceExportRecord,
): string[] {
  const detail = record.message ? `: ${record.message}` : '';
  const problems: string[] = [];
  if (record.valid === false) {
    problems.push(`${cluster}: ServiceExport ${key} is not valid${detail}`);
  }
  if (record.conflict) {
    problems.push(
      `${cluster}: ServiceExport ${key} conflicts with the export of another cluster${detail}`,
    );
  }
  return problems;
}

/** Each dependency, and the entity clusters that cannot reach it. */
function dependencyReachability(
  input: EntityExposureInput,
  setsByCluster: Map<string, Set<string>>,
): DependencyReachability[] {
  const entityClusters = sortedUnique(input.workloads.map(w => w.cluster));
  return input.dependencies
    .map(dependency => {
      const clusters = sortedUnique(dependency.clusters);
      const running = new Set(clusters);
      const reachableSets = new Set(
        clusters.flatMap(c => [...(setsByCluster.get(c) ?? [])]),
      );
      const unreachableFrom = entityClusters.filter(
        cluster =>
          !running.has(cluster) &&
          ![...(setsByCluster.get(cluster) ?? [])].some(set =>
            reachableSets.has(set),
          ),
      );
      return { entityRef: dependency.entityRef, clusters, unreachableFrom };
    })
    .sort((a, b) => a.entityRef.localeCompare(b.entityRef));
}
