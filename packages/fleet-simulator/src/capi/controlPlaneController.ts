/**
 * KubeadmControlPlane controller (standing in for CAPI's KCP controller and
 * the topology controller): a Cluster topology version is carried to its
 * control plane; a control plane version change rolls out over
 * `rolloutMs` (RollingOut=True, then `status.version` moves); once the
 * control plane runs a version, MachineDeployments still on an older one are
 * moved to it (their Machines then roll one at a time), as a managed topology
 * upgrades workers after the control plane.
 */
import type { Stoppable } from '../context';
import { controlPlaneStep, isDeleting } from './decisions';
import { runReconcileLoop } from './kube';
import { CAPI_NAMESPACE, TYPES } from './model';
import { CapiRuntime } from './runtime';
import { controlPlaneStatus, sameStatus } from './status';

/** Orders Kubernetes versions (v1.31.4 < v1.32.0); 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map(Number);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d !== 0) return d;
  }
  return 0;
}

export async function reconcileControlPlanes(
  rt: CapiRuntime,
  now = new Date(),
): Promise<number | undefined> {
  const { custom } = rt;
  const [clusters, kcps, mds] = await Promise.all([
    custom.list(TYPES.cluster, CAPI_NAMESPACE),
    custom.list(TYPES.kubeadmControlPlane, CAPI_NAMESPACE),
    custom.list(TYPES.machineDeployment, CAPI_NAMESPACE),
  ]);
  let soonest: number | undefined;

  // Topology: the Cluster's version is the control plane's desired version.
  for (const cluster of clusters) {
    const version: string | undefined = cluster.spec?.topology?.version;
    const cpName = cluster.spec?.controlPlaneRef?.name;
    if (!version || !cpName || isDeleting(cluster)) continue;
    const kcp = kcps.find(k => k.metadata.name === cpName);
    if (kcp && kcp.spec?.version !== version) {
      const written = await custom.update(
        TYPES.kubeadmControlPlane,
        CAPI_NAMESPACE,
        cpName,
        k =>
          k.spec.version === version
            ? undefined
            : ((k.spec.version = version), k),
      );
      if (written) Object.assign(kcp, written);
    }
  }

  for (const kcp of kcps) {
    if (isDeleting(kcp)) continue;
    const name: string = kcp.metadata.name;
    const step = controlPlaneStep(kcp, now, rt.rolloutMs);
    const statusFor = (current: any) => {
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
            current.status?.version ?? current.spec.version,
            undefined,
            now,
          );
      }
    };
    const written = await custom.update(
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

    // Workers follow a control plane that runs a newer version.
    const running: string | undefined = (written ?? kcp).status?.version;
    const cluster: string | undefined = clusters.find(
      c => c.spec?.controlPlaneRef?.name === name,
    )?.metadata.name;
    if (!running || !cluster) continue;
    for (const md of mds.filter(m => m.spec?.clusterName === cluster)) {
      const mdVersion: string | undefined = md.spec?.template?.spec?.version;
      if (mdVersion && compareVersions(mdVersion, running) < 0) {
        await custom.update(
          TYPES.machineDeployment,
          CAPI_NAMESPACE,
          md.metadata.name,
          m => {
            const v = m.spec?.template?.spec?.version;
            if (!v || compareVersions(v, running) >= 0) return undefined;
            m.spec.template.spec.version = running;
            return m;
          },
        );
        rt.ctx.log(
          `capi: MachineDeployment ${md.metadata.name} ${mdVersion} -> ${running}`,
        );
      }
    }
  }
  return soonest;
}

export function startControlPlaneController(rt: CapiRuntime): Stoppable {
  return runReconcileLoop({
    name: 'capi control planes',
    kc: rt.custom.kc,
    watchPaths: [
      rt.watchPath(TYPES.kubeadmControlPlane),
      rt.watchPath(TYPES.cluster),
    ],
    reconcile: () => reconcileControlPlanes(rt),
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
