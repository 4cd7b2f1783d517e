import {
  SERVICE_ANNOTATIONS,
  type KarmadaDesiredPlacement,
} from '@flotilla/plugin-multi-cluster-common';
import {
  KarmadaConnector,
  type PropagationPolicy,
} from '@flotilla/plugin-multi-cluster-node';
import { matchingPolicies } from './karmadaPolicies';

/**
 * What one Karmada control plane says of a service's workloads: each
 * resource template labelled with its id, the policies that match it (and
 * which one is effective) and its ResourceBinding's clusters.
 */
export async function karmadaDesiredPlacement(
  karmada: KarmadaConnector,
  kubernetesId: string,
  namespace?: string,
): Promise<KarmadaDesiredPlacement[]> {
  const templates = await karmada.listResourceTemplates({
    labelSelector: `${SERVICE_ANNOTATIONS.kubernetesId}=${kubernetesId}`,
    namespace,
  });
  if (templates.length === 0) {
    return [];
  }
  const [cpps, ...perNamespace] = await Promise.all([
    karmada
      .listClusterPropagationPolicies()
      .catch(() => [] as PropagationPolicy[]),
    ...[...new Set(templates.map(t => t.object.metadata?.namespace))].map(
      async ns => ({
        ns,
        pps: await karmada.listPropagationPolicies(ns),
        rbs: await karmada.listResourceBindings(ns),
      }),
    ),
  ]);
  const out: KarmadaDesiredPlacement[] = [];
  for (const { kind, object } of templates) {
    const ns = object.metadata?.namespace;
    const scope = perNamespace.find(p => p.ns === ns)!;
    const policies = matchingPolicies(
      {
        apiVersion: object.apiVersion ?? 'apps/v1',
        kind,
        metadata: object.metadata,
      },
      scope.pps,
      cpps,
    );
    const rb = scope.rbs.find(
      b =>
        b.spec?.resource?.kind === kind &&
        b.spec?.resource?.name === object.metadata?.name,
    );
    const scheduled = rb?.status?.conditions?.find(c => c.type === 'Scheduled');
    out.push({
      controlPlane: karmada.name,
      // Read from the server, which always names (and places) a workload.
      resource: {
        apiVersion: object.apiVersion ?? 'apps/v1',
        kind,
        namespace: ns as string,
        name: object.metadata?.name as string,
      },
      policies,
      resourceBinding: rb
        ? {
            name: rb.metadata?.name,
            namespace: rb.metadata?.namespace as string,
            clusters: (rb.spec?.clusters ?? []).map(c => ({
              name: c.name,
              replicas: c.replicas,
            })),
            scheduled: scheduled
              ? {
                  status: scheduled.status as string,
                  reason: scheduled.reason,
                  message: scheduled.message,
                }
              : undefined,
          }
        : undefined,
    });
  }
  return out;
}
