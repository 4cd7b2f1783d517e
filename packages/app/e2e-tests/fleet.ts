import { fleetAdminClusters, requestAsFleetAdmin } from '@flotilla/test-kit';

/**
 * Reads the local fleet's API servers directly (not through Backstage), to
 * check that what the UI shows really happened there. The fleet is the one
 * scripts/e2e.sh started (FLOTILLA_FLEET_DIR); requests go to each API
 * server itself with the operator's token, verified against its own CA.
 */
function fleetCluster(name: string) {
  const cluster = fleetAdminClusters().find(c => c.name === name);
  if (!cluster) throw new Error(`${name} is not in the fleet's fleet.json`);
  return cluster;
}

/** A request to a cluster's API as its admin; the answer parsed (undefined when empty). */
export function requestCluster<T = any>(
  clusterName: string,
  method: 'GET' | 'POST' | 'DELETE',
  apiPath: string,
  body?: unknown,
): Promise<T> {
  return requestAsFleetAdmin<T>(
    fleetCluster(clusterName),
    method,
    apiPath,
    body,
  );
}

/** GET a path of a cluster's API, parsed. */
export function getFromCluster<T = any>(
  clusterName: string,
  apiPath: string,
): Promise<T> {
  return requestCluster<T>(clusterName, 'GET', apiPath);
}

/** Desired and ready replicas of a service's Deployments in one member. */
export async function replicasInMember(
  clusterName: string,
  namespace: string,
  kubernetesId: string,
): Promise<{ desired: number; ready: number }> {
  const list = await getFromCluster<{
    items: Array<{
      spec: { replicas?: number };
      status?: { readyReplicas?: number };
    }>;
  }>(
    clusterName,
    `/apis/apps/v1/namespaces/${namespace}/deployments?labelSelector=${encodeURIComponent(
      `backstage.io/kubernetes-id=${kubernetesId}`,
    )}`,
  );
  return list.items.reduce(
    (sum, d) => ({
      desired: sum.desired + (d.spec.replicas ?? 1),
      ready: sum.ready + (d.status?.readyReplicas ?? 0),
    }),
    { desired: 0, ready: 0 },
  );
}
