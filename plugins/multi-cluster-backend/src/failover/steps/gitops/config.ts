import type { Config } from '@backstage/config';

/**
 * Where the runbook pauses GitOps (`multiCluster.failover.argocd.cluster`,
 * `multiCluster.failover.flux.cluster`): the cluster Argo CD keeps its
 * Applications on, and the one the Flux Kustomizations live on, each a
 * fleet cluster or a configured control plane (Cluster API management
 * cluster, Karmada, OCM hub) by name.
 */
export interface GitopsPauseConfig {
  argocd?: { cluster: string; namespace: string };
  flux?: { cluster: string };
}

/** Reads `multiCluster.failover.{argocd,flux}` (the failover config). */
export function readGitopsPauseConfig(
  failover: Config | undefined,
): GitopsPauseConfig {
  const argocd = failover?.getOptionalString('argocd.cluster');
  const flux = failover?.getOptionalString('flux.cluster');
  return {
    ...(argocd
      ? {
          argocd: {
            cluster: argocd,
            namespace:
              failover?.getOptionalString('argocd.namespace') ?? 'argocd',
          },
        }
      : {}),
    ...(flux ? { flux: { cluster: flux } } : {}),
  };
}
