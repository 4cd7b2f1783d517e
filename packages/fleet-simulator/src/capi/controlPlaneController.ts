/**
 * KubeadmControlPlane controller (standing in for CAPI's KCP controller): a
 * control plane version change rolls out over `rolloutMs`
 * (RollingOut=True, then `status.version` moves). It changes nothing else:
 * MachineDeployments keep their own version, as in Cluster API, where only
 * the topology controller of a ClusterClass-managed Cluster
 * (`topologyController.ts`) moves them, and only after the control plane.
 */
import type { Stoppable } from '../context';
import { controlPlaneStep, isDeleting } from './decisions';
import { runReconcileLoop } from './kube';
import { CAPI_NAMESPACE, TYPES } from './model';
import { CapiRuntime } from './runtime';
import { controlPlaneStatus, sameStatus } from './status';
import type { KubeadmControlPlane } from './capiObjects';

export async function reconcileControlPlanes(
  rt: CapiRuntime,
  now = new Date(),
): Promise<number | undefined> {
  const { custom } = rt;
  const kcps = await custom.list<KubeadmControlPlane>(
    TYPES.kubeadmControlPlane,
    CAPI_NAMESPACE,
  );
  let soonest: number | undefined;

  for (const kcp of kcps) {
    if (isDeleting(kcp)) continue;
    const name: string = kcp.metadata.name;
    const step = controlPlaneStep(kcp, now, rt.rolloutMs);
    const statusFor = (current: KubeadmControlPlane) => {
      switch (step.kind) {
        case 'initialize':
          return controlPlaneStatus(current, step.version, undefined, now);
        case 'start':
        case 'wait':
          return controlPlaneStatus(current, step.from, step.to, now);
        case 'finish':
          return controlPlaneStatus(current, step.to, undefined, now);
        default:
          return controlPlaneStatus(
            current,
            current.status?.version ?? current.spec!.version!,
            undefined,
            now,
          );
      }
    };
    await custom.update<KubeadmControlPlane>(
      TYPES.kubeadmControlPlane,
      CAPI_NAMESPACE,
      name,
      current => {
        const status = statusFor(current);
        return sameStatus(current.status, status)
          ? undefined
          : { ...current, status };
      },
      'status',
      kcp,
    );
    if (step.kind === 'start') {
      rt.ctx.log(`capi: ${name} rolling out ${step.from} -> ${step.to}`);
      soonest = Math.min(soonest ?? Infinity, rt.rolloutMs);
    }
    if (step.kind === 'wait') soonest = Math.min(soonest ?? Infinity, step.ms);
    if (step.kind === 'finish') {
      rt.ctx.log(`capi: ${name} control plane at ${step.to}`);
    }
  }
  return soonest;
}

export function startControlPlaneController(rt: CapiRuntime): Stoppable {
  return runReconcileLoop({
    name: 'capi control planes',
    kc: rt.custom.kc,
    watchPaths: [rt.watchPath(TYPES.kubeadmControlPlane)],
    reconcile: () => reconcileControlPlanes(rt),
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
