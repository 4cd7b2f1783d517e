/**
 * What the Cluster API controllers share: clients of the management
 * cluster, the workload clusters by name, node clients per member and the
 * delays that make provisioning and rollouts take time.
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import { CoreObjects, CustomObjects, envMs, ResourceType } from './kube';
import {
  CAPI_NAMESPACE,
  WorkloadCluster,
  managementCluster,
  workloadClusters,
} from './model';
import { MemberNodes } from './nodes';
import type { CustomObject } from './customObject';

export interface CapiRuntime {
  ctx: SimulatorContext;
  custom: CustomObjects;
  core: CoreObjects;
  clusters: Map<string, WorkloadCluster>;
  nodes(wc: WorkloadCluster): MemberNodes;
  /** From a Machine's creation (or deletion) to its Node joining (or leaving). */
  machineDelayMs: number;
  /** How long a control plane version rollout takes. */
  rolloutMs: number;
  /** Logs `message` unless it is what was last logged under `key`. */
  logOnce(key: string, message: string): void;
  /** API path of a type's objects in the CAPI namespace, for watches. */
  watchPath(t: ResourceType): string;
}

export function capiRuntime(ctx: SimulatorContext): CapiRuntime {
  const kc = kubeConfigFor(managementCluster(ctx.fleet));
  const clusters = new Map(
    workloadClusters(ctx.fleet, ctx.scenario).map(wc => [wc.name, wc]),
  );
  const nodeClients = new Map<string, MemberNodes>();
  const lastLogged = new Map<string, string>();
  return {
    ctx,
    logOnce(key, message) {
      if (lastLogged.get(key) === message) return;
      lastLogged.set(key, message);
      ctx.log(message);
    },
    custom: new CustomObjects(kc),
    core: new CoreObjects(kc),
    clusters,
    nodes(wc) {
      let client = nodeClients.get(wc.name);
      if (!client) {
        client = MemberNodes.for(wc);
        nodeClients.set(wc.name, client);
      }
      return client;
    },
    machineDelayMs: envMs('FLOTILLA_SIM_MACHINE_DELAY_MS', 2000),
    rolloutMs: envMs('FLOTILLA_SIM_ROLLOUT_MS', 5000),
    watchPath: t =>
      `/apis/${t.group}/${t.version}/namespaces/${CAPI_NAMESPACE}/${t.plural}`,
  };
}

/** Groups objects by the cluster they belong to (`spec.clusterName` or the cluster-name label). */
export function byCluster<
  T extends CustomObject & { spec?: { clusterName?: string } },
>(objects: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const o of objects) {
    const cluster: string | undefined =
      o.spec?.clusterName ??
      o.metadata?.labels?.['cluster.x-k8s.io/cluster-name'];
    if (!cluster) continue;
    const list = map.get(cluster) ?? [];
    list.push(o);
    map.set(cluster, list);
  }
  return map;
}
