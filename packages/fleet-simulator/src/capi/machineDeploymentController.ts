/**
 * MachineDeployment controller (standing in for CAPI's MachineDeployment and
 * MachineSet controllers): keeps `spec.replicas` Machines, rolls Machines to
 * the template's version a quarter at a time, and writes the v1beta2 status
 * (replica counts, Available, MachinesReady, ScalingUp/ScalingDown,
 * RollingOut). Machines go straight under the MachineDeployment: MachineSets
 * are not modelled.
 */
import type { Stoppable } from '../context';
import { machineObject } from './builders';
import { isDeleting, machinesToUpdate, replicaPlan } from './decisions';
import { runReconcileLoop } from './kube';
import { CAPI_NAMESPACE, LABELS, TYPES } from './model';
import { CapiRuntime } from './runtime';
import { machineDeploymentStatus, sameStatus } from './status';
import type { CapiCluster, Machine, MachineDeployment } from './capiObjects';

export async function reconcileMachineDeployments(
  rt: CapiRuntime,
  now = new Date(),
): Promise<void> {
  const { custom } = rt;
  const [mds, machines, clusters] = await Promise.all([
    custom.list<MachineDeployment>(TYPES.machineDeployment, CAPI_NAMESPACE),
    custom.list<Machine>(TYPES.machine, CAPI_NAMESPACE),
    custom.list<CapiCluster>(TYPES.cluster, CAPI_NAMESPACE),
  ]);
  const deletingClusters = new Set(
    clusters.filter(isDeleting).map(c => c.metadata.name),
  );
  for (const md of mds) {
    const name: string = md.metadata.name;
    // Cluster names are never empty: no cluster is found for none.
    const clusterName = md.spec?.clusterName ?? '';
    const wc = rt.clusters.get(clusterName);
    const own = machines.filter(
      m =>
        m.metadata?.labels?.[LABELS.deploymentName] === name &&
        m.spec?.clusterName === clusterName,
    );
    // A deleting Cluster's objects are torn down by the Cluster controller.
    if (!wc || isDeleting(md) || deletingClusters.has(clusterName)) continue;

    const plan = replicaPlan(name, md.spec?.replicas ?? 1, own);
    for (const index of plan.create) {
      await custom.createOrLeave<Machine>(
        TYPES.machine,
        machineObject(wc, md, index, now),
      );
    }
    for (const machine of plan.remove) {
      await custom.delete(TYPES.machine, CAPI_NAMESPACE, machine);
    }

    const version: string | undefined = md.spec?.template?.spec?.version;
    if (version) {
      for (const next of machinesToUpdate(name, version, own)) {
        await custom.update<Machine>(TYPES.machine, CAPI_NAMESPACE, next, m =>
          isDeleting(m) || m.spec!.version === version
            ? undefined
            : { ...m, spec: { ...m.spec, version } },
        );
      }
    }

    await custom.update<MachineDeployment>(
      TYPES.machineDeployment,
      CAPI_NAMESPACE,
      name,
      current => {
        const status = machineDeploymentStatus(current, own, now);
        return sameStatus(current.status, status)
          ? undefined
          : { ...current, status };
      },
      'status',
      md,
    );
  }
}

export function startMachineDeploymentController(rt: CapiRuntime): Stoppable {
  return runReconcileLoop({
    name: 'capi machinedeployments',
    kc: rt.custom.kc,
    watchPaths: [
      rt.watchPath(TYPES.machineDeployment),
      rt.watchPath(TYPES.machine),
    ],
    reconcile: async () => {
      await reconcileMachineDeployments(rt);
      return undefined;
    },
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
