import type {
  AddonClusterStatus,
  AddonCoverage,
} from '@flotilla/plugin-multi-cluster-common';
import {
  KubernetesClient,
  type PropagationPolicy,
  type ResourceBinding,
} from '@flotilla/plugin-multi-cluster-node';
import { coverageOf, FleetClusterIndex, observe } from './coverage';
import {
  ClientDeliverySource,
  DeliveryLocation,
  DeliveryRead,
  KarmadaClusterPropagationDelivery,
} from './types';

/** Labels Karmada puts on the bindings a ClusterPropagationPolicy claims. */
export const KARMADA_POLICY_LABELS = {
  /** Since Karmada 1.10; the value is the policy's own label of that key. */
  permanentId: 'clusterpropagationpolicy.karmada.io/permanent-id',
  /** Before 1.10 (removed in 1.12); still on bindings of older control planes. */
  name: 'clusterpropagationpolicy.karmada.io/name',
} as const;

type Observation = Omit<AddonClusterStatus, 'cluster'>;

/** A (Cluster)ResourceBinding as read here: every field may be missing. */
type BindingView = {
  kind?: string;
  metadata?: Partial<ResourceBinding['metadata']>;
  spec?: ResourceBinding['spec'];
  status?: ResourceBinding['status'];
};

function resourceName(binding: BindingView): string {
  const r: NonNullable<NonNullable<BindingView['spec']>['resource']> =
    binding?.spec?.resource ?? {};
  return `${r.kind ?? 'resource'} ${r.namespace ? `${r.namespace}/` : ''}${
    r.name ?? binding?.metadata?.name
  }`;
}

/** Per scheduled cluster, the state of one binding's resource there. */
export function bindingStates(binding: BindingView): Map<string, Observation> {
  const out = new Map<string, Observation>();
  const what = resourceName(binding);
  const statuses = new Map(
    (binding?.status?.aggregatedStatus ?? []).map(s => [s?.clusterName, s]),
  );
  for (const target of binding?.spec?.clusters ?? []) {
    const name: string | undefined = target?.name;
    if (!name) continue;
    const s = statuses.get(name);
    if (!s) {
      out.set(name, {
        state: 'unknown',
        message: `${what}: scheduled, no status from the cluster yet`,
      });
    } else if (s.applied !== true) {
      out.set(name, {
        state: 'drifted',
        message: `${what}: not applied${
          s.appliedMessage ? ` (${s.appliedMessage})` : ''
        }`,
      });
    } else if (s.health === 'Unhealthy') {
      out.set(name, { state: 'drifted', message: `${what}: Unhealthy` });
    } else if (s.health === 'Healthy') {
      out.set(name, { state: 'in-sync' });
    } else {
      out.set(name, {
        state: 'unknown',
        message: `${what}: applied, health ${s.health ?? 'not reported'}`,
      });
    }
  }
  return out;
}

/**
 * An add-on propagated by a Karmada ClusterPropagationPolicy: every
 * ClusterResourceBinding and ResourceBinding the policy claims is one
 * resource of the add-on; a cluster carries the add-on when every binding
 * schedules it there and reports it applied and healthy.
 */
export class KarmadaClusterPropagationSource extends ClientDeliverySource<KarmadaClusterPropagationDelivery> {
  readonly delivery = 'karmada-clusterpropagationpolicy' as const;

  protected locate(
    delivery: KarmadaClusterPropagationDelivery,
  ): DeliveryLocation {
    return {
      ref: { kind: 'karmada', name: delivery.controlPlane },
      source: `ClusterPropagationPolicy ${delivery.name} on Karmada ${delivery.controlPlane}`,
      unreachable: `no Karmada control plane '${delivery.controlPlane}' is configured`,
    };
  }

  protected async read(
    request: DeliveryRead<KarmadaClusterPropagationDelivery>,
  ): Promise<AddonCoverage> {
    const { addon, delivery, fleet, client, source, opts } = request;
    const policy = await this.getPolicy(client, delivery, opts);
    const bindings = await this.listBindings(client, delivery, policy, opts);

    const index = new FleetClusterIndex(fleet);
    const scheduledIn = new Map<string, number>();
    const observed = new Map<string, Observation[]>();
    for (const binding of bindings) {
      for (const [member, state] of bindingStates(binding)) {
        const cluster = index.byClusterName(member);
        if (!cluster) continue;
        scheduledIn.set(cluster.name, (scheduledIn.get(cluster.name) ?? 0) + 1);
        observe(observed, cluster.name, state);
      }
    }
    // A cluster that got some of the add-on's resources but not all of them
    // is drifted, not in sync.
    for (const [cluster, count] of scheduledIn) {
      if (count < bindings.length) {
        observe(observed, cluster, {
          state: 'drifted',
          message: `${count} of the ${bindings.length} resources of ${source} are scheduled to this cluster`,
        });
      }
    }
    return coverageOf(addon, source, fleet, observed, {
      message:
        bindings.length === 0
          ? `${source} has not bound any resource yet`
          : `${source} does not schedule its resources to this cluster`,
    });
  }

  private async getPolicy(
    client: KubernetesClient,
    delivery: KarmadaClusterPropagationDelivery,
    opts: { signal?: AbortSignal },
  ): Promise<PropagationPolicy> {
    // The client reads single objects by namespace only; this cluster-scoped
    // policy is picked out of the (short) policy list instead.
    const list = await client.listCustomObjects<PropagationPolicy>(
      {
        group: 'policy.karmada.io',
        version: 'v1alpha1',
        plural: 'clusterpropagationpolicies',
      },
      opts,
    );
    const policy = (list.items ?? []).find(
      p => p?.metadata?.name === delivery.name,
    );
    if (!policy) {
      throw new Error(
        `ClusterPropagationPolicy '${delivery.name}' not found on Karmada '${delivery.controlPlane}'`,
      );
    }
    return policy;
  }

  private async listBindings(
    client: KubernetesClient,
    delivery: KarmadaClusterPropagationDelivery,
    policy: PropagationPolicy,
    opts: { signal?: AbortSignal },
  ): Promise<BindingView[]> {
    const selectors = [`${KARMADA_POLICY_LABELS.name}=${delivery.name}`];
    const permanentId =
      policy?.metadata?.labels?.[KARMADA_POLICY_LABELS.permanentId];
    if (permanentId) {
      selectors.unshift(`${KARMADA_POLICY_LABELS.permanentId}=${permanentId}`);
    }
    // A ClusterPropagationPolicy claims cluster-scoped resources through
    // ClusterResourceBindings and namespaced ones through ResourceBindings.
    const lists = await Promise.all(
      ['clusterresourcebindings', 'resourcebindings'].flatMap(plural =>
        selectors.map(labelSelector =>
          client.listCustomObjects<BindingView>(
            {
              group: 'work.karmada.io',
              version: 'v1alpha2',
              plural,
              labelSelector,
            },
            opts,
          ),
        ),
      ),
    );
    const byKey = new Map<string, BindingView>();
    for (const item of lists.flatMap(l => l.items ?? [])) {
      const m: NonNullable<BindingView['metadata']> = item?.metadata ?? {};
      byKey.set(m.uid ?? `${item?.kind}/${m.namespace ?? ''}/${m.name}`, item);
    }
    return [...byKey.values()];
  }
}
