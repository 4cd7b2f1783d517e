import { FleetDescription } from '@flotilla/fleet-simulator';
import { adminClients } from './fleet';

export interface MemberDeployment {
  cluster: string;
  namespace: string;
  name: string;
  replicas: number;
}

/** Cluster, then namespace, then name. */
function byPlace(a: MemberDeployment, b: MemberDeployment): number {
  return (
    a.cluster.localeCompare(b.cluster) ||
    a.namespace.localeCompare(b.namespace) ||
    a.name.localeCompare(b.name)
  );
}

/** Every Deployment labelled with the kubernetes id, per member, read as the fleet's operator. */
export async function deploymentsIn(
  fleet: FleetDescription,
  kubernetesId: string,
): Promise<MemberDeployment[]> {
  const found: MemberDeployment[] = [];
  for (const member of fleet.clusters.filter(c => c.kind === 'member')) {
    const { items } = await adminClients(
      member,
    ).apps.listDeploymentForAllNamespaces({
      labelSelector: `backstage.io/kubernetes-id=${kubernetesId}`,
    });
    for (const d of items) {
      found.push({
        cluster: member.name,
        namespace: d.metadata!.namespace!,
        name: d.metadata!.name!,
        replicas: d.spec!.replicas ?? 1,
      });
    }
  }
  return found.sort(byPlace);
}

/** The Deployments a placement answer shows, in the order of `deploymentsIn`. */
export function placedDeployments(placement: {
  actual: {
    clusters: Array<{
      cluster: string;
      workloads: Array<{
        kind: string;
        namespace: string;
        name: string;
        replicas: number;
      }>;
    }>;
  };
}): MemberDeployment[] {
  return placement.actual.clusters
    .flatMap(c =>
      c.workloads
        .filter(w => w.kind === 'Deployment')
        .map(w => ({
          cluster: c.cluster,
          namespace: w.namespace,
          name: w.name,
          replicas: w.replicas,
        })),
    )
    .sort(byPlace);
}
