/**
 * Cluster API's topology controller for ClusterClass-managed Clusters
 * (`spec.topology` set): carries `spec.topology.version` to the control
 * plane first and to the MachineDeployments once the control plane runs it,
 * one MachineDeployment at a time (`topologyVersions.ts`, which follows
 * Cluster API's desired_state.go), and writes the Cluster's
 * TopologyReconciled condition. Classic Clusters are left alone: nothing in
 * Cluster API moves their MachineDeployments.
 */
import type { Stoppable } from '../context';
import { Condition, withConditions } from './conditions';
import { isDeleting } from './decisions';
import { runReconcileLoop } from './kube';
import { CAPI_NAMESPACE, LABELS, TYPES } from './model';
import { CapiRuntime } from './runtime';
import {
  isMachineDeploymentUpgrading,
  topologyPlan,
  TopologyPlan,
} from './topologyVersions';
import type {
  CapiCluster,
  KubeadmControlPlane,
  Machine,
  MachineDeployment,
} from './capiObjects';

const CONCURRENCY_ANNOTATION = 'topology.cluster.x-k8s.io/upgrade-concurrency';

type ManagedCluster = CapiCluster;
type ControlPlane = KubeadmControlPlane;

interface Objects {
  kcps: ControlPlane[];
  mds: MachineDeployment[];
  machines: Machine[];
}

function planFor(cluster: ManagedCluster, objects: Objects): TopologyPlan {
  const name = cluster.metadata.name;
  const kcp = objects.kcps.find(
    k => k.metadata.name === cluster.spec?.controlPlaneRef?.name,
  );
  const concurrency = Number(
    cluster.metadata.annotations?.[CONCURRENCY_ANNOTATION] ?? 1,
  );
  return topologyPlan({
    desired: cluster.spec?.topology?.version ?? '',
    concurrency:
      Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 1,
    controlPlane: {
      specVersion: kcp?.spec?.version,
      statusVersion: kcp?.status?.version,
    },
    machineDeployments: objects.mds
      .filter(md => md.spec?.clusterName === name)
      .map(md => {
        const version = md.spec?.template?.spec?.version;
        const machines = objects.machines.filter(
          m =>
            m.metadata.labels?.[LABELS.deploymentName] === md.metadata.name &&
            m.spec?.clusterName === name,
        );
        return {
          name: md.metadata.name,
          version,
          upgrading: isMachineDeploymentUpgrading(
            version,
            machines.map(m => m.spec?.version),
          ),
        };
      }),
  });
}

async function apply(
  rt: CapiRuntime,
  cluster: ManagedCluster,
  plan: TopologyPlan,
  now: Date,
) {
  const { custom } = rt;
  const cpName = cluster.spec?.controlPlaneRef?.name;
  const cpVersion = plan.controlPlaneVersion;
  if (cpName && cpVersion) {
    const written = await custom.update<KubeadmControlPlane>(
      TYPES.kubeadmControlPlane,
      CAPI_NAMESPACE,
      cpName,
      k =>
        k.spec!.version === cpVersion
          ? undefined
          : ((k.spec!.version = cpVersion), k),
    );
    if (written) rt.ctx.log(`capi topology: ${cpName} -> ${cpVersion}`);
  }
  for (const [md, version] of Object.entries(plan.machineDeploymentVersions)) {
    if (!version) continue;
    const written = await custom.update<MachineDeployment>(
      TYPES.machineDeployment,
      CAPI_NAMESPACE,
      md,
      m =>
        m.spec!.template!.spec!.version === version
          ? undefined
          : ((m.spec!.template!.spec!.version = version), m),
    );
    if (written) rt.ctx.log(`capi topology: ${md} -> ${version}`);
  }
  await custom.update<CapiCluster>(
    TYPES.cluster,
    CAPI_NAMESPACE,
    cluster.metadata.name,
    current => {
      const before: Condition | undefined = current.status?.conditions?.find(
        (c: Condition) => c.type === 'TopologyReconciled',
      );
      const next = plan.topologyReconciled;
      if (
        before?.status === next.status &&
        before.reason === next.reason &&
        before.message === (next.message ?? '')
      ) {
        return undefined;
      }
      current.status = {
        ...current.status,
        conditions: withConditions(current.status?.conditions, [next], now),
      };
      return current;
    },
    'status',
  );
}

export async function reconcileTopologies(
  rt: CapiRuntime,
  now = new Date(),
): Promise<void> {
  const { custom } = rt;
  const [clusters, kcps, mds, machines] = (await Promise.all([
    custom.list<CapiCluster>(TYPES.cluster, CAPI_NAMESPACE),
    custom.list<KubeadmControlPlane>(TYPES.kubeadmControlPlane, CAPI_NAMESPACE),
    custom.list<MachineDeployment>(TYPES.machineDeployment, CAPI_NAMESPACE),
    custom.list<Machine>(TYPES.machine, CAPI_NAMESPACE),
  ])) as [ManagedCluster[], ControlPlane[], MachineDeployment[], Machine[]];
  for (const cluster of clusters) {
    if (!cluster.spec?.topology?.version || isDeleting(cluster)) continue;
    await apply(rt, cluster, planFor(cluster, { kcps, mds, machines }), now);
  }
}

export function startTopologyController(rt: CapiRuntime): Stoppable {
  return runReconcileLoop({
    name: 'capi topology',
    kc: rt.custom.kc,
    watchPaths: [
      rt.watchPath(TYPES.cluster),
      rt.watchPath(TYPES.kubeadmControlPlane),
      rt.watchPath(TYPES.machine),
    ],
    reconcile: async () => {
      await reconcileTopologies(rt);
      return undefined;
    },
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
