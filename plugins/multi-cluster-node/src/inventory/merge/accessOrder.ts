import type { ClusterAccess, ClusterRecord } from '../types';

/**
 * Which access path is tried first when several sources know a cluster:
 * 1. a cluster the platform team configured for this backend (config), with
 *    its own credentials;
 * 2. the Karmada proxy: the control plane's configured credentials, the
 *    path Karmada itself uses;
 * 3. the Cluster API kubeconfig Secret, written by CAPI for this cluster;
 * 4. a direct URL from any other source (the catalog): its auth provider is
 *    declared for the Kubernetes plugin's users (the catalog module writes
 *    `serviceAccount` onto every cluster it ingests), not proven to work
 *    for this backend, so it never hides a path that does.
 * The inventory then takes the first path this backend can use at all
 * (see ClusterClientFactory.canReach).
 */
function accessRank(record: ClusterRecord): number {
  const access = record.access!;
  switch (access.kind) {
    case 'direct':
      return record.source === 'config' ? 0 : 3;
    case 'karmada-proxy':
      return 1;
    case 'capi-kubeconfig':
      return 2;
    default:
      return 4;
  }
}

/** Every record's access, best first. */
export function accessCandidates(group: ClusterRecord[]): ClusterAccess[] {
  return group
    .filter(r => r.access)
    .sort((a, b) => accessRank(a) - accessRank(b))
    .map(r => r.access!);
}
