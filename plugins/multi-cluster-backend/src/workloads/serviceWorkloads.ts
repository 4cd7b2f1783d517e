import {
  type KubernetesClient,
  type Workload,
} from '@flotilla/plugin-multi-cluster-node';
import type { WorkloadKind, WorkloadStatus } from './types';

/** The workload kinds a service's replicas run as. */
export const SERVICE_WORKLOAD_KINDS: readonly WorkloadKind[] = [
  'Deployment',
  'StatefulSet',
];

/**
 * A cluster's Deployments and StatefulSets (or only `query.kinds`) matching
 * `labelSelector`: what entity placement reads of one service, and what the
 * workload census reads of all of them.
 */
export async function listServiceWorkloads(
  client: KubernetesClient,
  query: {
    namespace?: string;
    labelSelector: string;
    kinds?: readonly WorkloadKind[];
  },
  options?: { timeoutMs?: number; signal?: AbortSignal },
): Promise<Array<{ kind: WorkloadKind; object: Workload }>> {
  const lists = await Promise.all(
    (query.kinds ?? SERVICE_WORKLOAD_KINDS).map(async kind =>
      (
        await client.listWorkloads(kind, query, options)
      ).map(object => ({
        kind,
        object,
      })),
    ),
  );
  return lists.flat();
}

/** What a placement shows of one listed workload in `cluster`. */
export function workloadStatus(
  cluster: string,
  kind: WorkloadKind,
  object: Workload,
): WorkloadStatus {
  return {
    cluster,
    // Listed objects always carry both.
    namespace: object.metadata?.namespace as string,
    kind,
    name: object.metadata?.name as string,
    replicas: object.spec?.replicas ?? 0,
    readyReplicas: object.status?.readyReplicas ?? 0,
    availableReplicas: object.status?.availableReplicas,
    updatedReplicas: object.status?.updatedReplicas,
  };
}
