/**
 * Flux on the `capi` management cluster: the Kustomization CRD
 * (kustomize.toolkit.fluxcd.io/v1, packages/upstream-crds/crds/flux) holds
 * the demo's `apps` Kustomization and checkout-admin's, which `apps`
 * applies (the labels kustomize-controller puts on what it applies), as a
 * Flux bootstrap lays them out. Nothing reconciles them here: they are what
 * the failover runbook suspends and restores (`spec.suspend`).
 * Create-or-leave: a suspended Kustomization stays suspended.
 */
import type { SimulatorContext } from '../context';
import { kubeConfigFor } from '../fleet';
import { CoreObjects, CustomObjects, type ResourceType } from '../capi/kube';
import { managementCluster } from '../capi/model';

export const FLUX_NAMESPACE = 'flux-system';

const KUSTOMIZATIONS: ResourceType = {
  group: 'kustomize.toolkit.fluxcd.io',
  version: 'v1',
  plural: 'kustomizations',
  kind: 'Kustomization',
};

const kustomization = (
  name: string,
  spec: Record<string, unknown>,
  labels?: Record<string, string>,
) => ({
  apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
  kind: 'Kustomization',
  metadata: { name, namespace: FLUX_NAMESPACE, ...(labels ? { labels } : {}) },
  spec: {
    interval: '10m',
    prune: true,
    sourceRef: { kind: 'GitRepository', name: 'flux-system' },
    ...spec,
  },
});

/** The parent `apps` (no `suspend`) and checkout-admin's (`suspend: false`, set in Git). */
export function fluxKustomizations() {
  return [
    kustomization('apps', { path: './clusters/staging/apps' }),
    kustomization(
      'checkout-admin',
      {
        path: './apps/checkout-admin/staging',
        targetNamespace: 'shop',
        suspend: false,
      },
      {
        'kustomize.toolkit.fluxcd.io/name': 'apps',
        'kustomize.toolkit.fluxcd.io/namespace': FLUX_NAMESPACE,
      },
    ),
  ];
}

export async function seedFlux(ctx: SimulatorContext): Promise<void> {
  const kc = kubeConfigFor(managementCluster(ctx.fleet));
  await new CoreObjects(kc).ensureNamespace(FLUX_NAMESPACE);
  const custom = new CustomObjects(kc);
  const objects = fluxKustomizations();
  for (const k of objects) await custom.createOrLeave(KUSTOMIZATIONS, k);
  ctx.log(`flux: ${objects.length} Kustomizations in ${FLUX_NAMESPACE}`);
}
