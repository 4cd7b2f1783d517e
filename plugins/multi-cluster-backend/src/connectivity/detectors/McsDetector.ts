import type {
  ClusterConnectivity,
  FabricMembership,
  ServiceExportRecord,
} from '@flotilla/plugin-multi-cluster-common';
import {
  isNotFound,
  listClusterProperties,
  listServiceExports,
  type KubernetesClient,
  type McsCondition,
  type McsVersion,
  type ServiceExport,
} from '@flotilla/plugin-multi-cluster-node';
import type { ConnectivityDetector, DetectorResult } from './types';

export const SERVICE_EXPORT_CRD = 'serviceexports.multicluster.x-k8s.io';
export const SERVICE_IMPORT_CRD = 'serviceimports.multicluster.x-k8s.io';
const CLUSTER_PROPERTY_CRD = 'clusterproperties.about.k8s.io';
/** KEP-2149 well-known ClusterProperty names. */
const CLUSTER_ID_PROPERTY = 'cluster.clusterset.k8s.io';
const CLUSTER_SET_PROPERTY = 'clusterset.k8s.io';
/**
 * Implementations (Submariner Lighthouse, GKE, Cilium) serve v1alpha1;
 * newer mcs-api CRDs store v1beta1 and serve both.
 */
const SERVICE_EXPORT_VERSIONS: McsVersion[] = ['v1alpha1', 'v1beta1'];

function conditionOf(
  exp: ServiceExport | undefined,
  type: string,
): McsCondition | undefined {
  const conditions = exp?.status?.conditions;
  return Array.isArray(conditions)
    ? conditions.find(c => c?.type === type)
    : undefined;
}

/** A ServiceExport with its `Valid`, `Ready` and `Conflict` conditions. */
export function toServiceExportRecord(
  exp: ServiceExport | undefined,
): ServiceExportRecord {
  const valid = conditionOf(exp, 'Valid');
  const ready = conditionOf(exp, 'Ready');
  const conflict = conditionOf(exp, 'Conflict');
  const record: ServiceExportRecord = {
    namespace: exp?.metadata?.namespace ?? '',
    name: exp?.metadata?.name ?? '',
  };
  if (valid && valid.status !== 'Unknown') {
    record.valid = valid.status === 'True';
  }
  if (conflict && conflict.status !== 'Unknown') {
    record.conflict = conflict.status === 'True';
  }
  // The record has no field for Ready; a not-ready export says why.
  const problems = [
    record.valid === false ? valid : undefined,
    record.conflict ? conflict : undefined,
    ready?.status === 'False' ? ready : undefined,
  ].filter((c): c is McsCondition => Boolean(c));
  if (problems.length > 0) {
    record.message = problems
      .map(c => `${c.type}: ${c.message || c.reason || c.status}`)
      .join('; ');
  }
  return record;
}

/**
 * The Multi-Cluster Services API: whether ServiceExport / ServiceImport are
 * served, the cluster's KEP-2149 ClusterProperties (its id and ClusterSet),
 * and every ServiceExport with its conditions. A ClusterSet property makes
 * the cluster an `mcs` fabric member of that set.
 */
export class McsDetector implements ConnectivityDetector {
  readonly id = 'mcs';

  async detect(
    client: KubernetesClient,
    { signal }: { signal: AbortSignal },
  ): Promise<DetectorResult> {
    const [serviceExportCrd, serviceImportCrd, clusterPropertyCrd] =
      await Promise.all(
        [SERVICE_EXPORT_CRD, SERVICE_IMPORT_CRD, CLUSTER_PROPERTY_CRD].map(
          name => client.customResourceDefinitionExists(name, { signal }),
        ),
      );
    if (!serviceExportCrd && !serviceImportCrd && !clusterPropertyCrd) {
      return {};
    }
    const mcs: NonNullable<ClusterConnectivity['mcs']> = {
      serviceExportCrd,
      serviceImportCrd,
    };
    const result: DetectorResult = { mcs };

    if (clusterPropertyCrd) {
      const properties = await listClusterProperties(client, { signal });
      const value = (name: string): string | undefined => {
        const item = properties.find(p => p?.metadata?.name === name);
        return typeof item?.spec?.value === 'string' && item.spec.value
          ? item.spec.value
          : undefined;
      };
      mcs.clusterId = value(CLUSTER_ID_PROPERTY);
      mcs.clusterSet = value(CLUSTER_SET_PROPERTY);
    }

    if (serviceExportCrd) {
      result.serviceExports = await this.listServiceExports(client, signal);
    }

    if (mcs.clusterSet) {
      const fabric: FabricMembership = {
        kind: 'mcs',
        clusterSet: mcs.clusterSet,
        clusterId: mcs.clusterId,
        detectedVia: 'api',
        evidence: [
          `ClusterProperty ${CLUSTER_SET_PROPERTY} is ${mcs.clusterSet}`,
          ...(mcs.clusterId
            ? [`ClusterProperty ${CLUSTER_ID_PROPERTY} is ${mcs.clusterId}`]
            : []),
          `${result.serviceExports?.length ?? 0} ServiceExport(s)`,
        ],
      };
      result.fabrics = [fabric];
    }
    return result;
  }

  private async listServiceExports(
    client: KubernetesClient,
    signal: AbortSignal,
  ): Promise<ServiceExportRecord[]> {
    let lastNotFound: unknown;
    for (const version of SERVICE_EXPORT_VERSIONS) {
      try {
        const exports = await listServiceExports(
          client,
          { version },
          { signal },
        );
        return exports
          .map(toServiceExportRecord)
          .sort(
            (a, b) =>
              a.namespace.localeCompare(b.namespace) ||
              a.name.localeCompare(b.name),
          );
      } catch (error) {
        if (!isNotFound(error)) throw error;
        lastNotFound = error;
      }
    }
    throw lastNotFound;
  }
}
