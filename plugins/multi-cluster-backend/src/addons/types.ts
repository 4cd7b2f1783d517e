import type {
  AddonCoverage,
  AddonDelivery,
  FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { type KubernetesClient } from '@flotilla/plugin-multi-cluster-node';

/** An Argo CD ApplicationSet that generates one Application per cluster. */
export interface ArgoCdApplicationSetDelivery {
  type: 'argocd-applicationset';
  /** Fleet cluster or management cluster where Argo CD runs. */
  cluster: string;
  /** Namespace of the ApplicationSet and its Applications. Default `argocd`. */
  namespace: string;
  name: string;
}

/** A Rancher Fleet GitRepo, deployed as BundleDeployments per cluster. */
export interface FleetGitRepoDelivery {
  type: 'fleet-gitrepo';
  /** The Fleet management (upstream) cluster. */
  cluster: string;
  /** The Fleet workspace. Default `fleet-default`. */
  namespace: string;
  name: string;
}

/** A Karmada ClusterPropagationPolicy that propagates the add-on's resources. */
export interface KarmadaClusterPropagationDelivery {
  type: 'karmada-clusterpropagationpolicy';
  /** Name of a `multiCluster.karmada[]` control plane. */
  controlPlane: string;
  name: string;
}

export type AddonDeliveryConfig =
  | ArgoCdApplicationSetDelivery
  | FleetGitRepoDelivery
  | KarmadaClusterPropagationDelivery;

/** One `multiCluster.addons[]` entry. */
export interface AddonConfig {
  name: string;
  category?: string;
  /** Clusters that must carry the add-on; absent: every fleet cluster. */
  requiredOn?: { matchLabels: Record<string, string> };
  delivery: AddonDeliveryConfig;
}

/**
 * Where a source reads its delivery from: `cluster` is a fleet cluster or a
 * configured Cluster API management cluster of that name, `karmada` a
 * configured Karmada control plane.
 */
export interface AddonClientRef {
  kind: 'cluster' | 'karmada';
  name: string;
}

/** Returns the client for a ref, or undefined when it cannot be reached. */
export type AddonClientResolver = (
  ref: AddonClientRef,
) => KubernetesClient | undefined | Promise<KubernetesClient | undefined>;

/**
 * The client for a delivery's cluster or control plane; fails with
 * `unreachable` (why it cannot be reached) when there is none.
 */
export async function requireClient(
  clientFor: AddonClientResolver,
  ref: AddonClientRef,
  unreachable: string,
): Promise<KubernetesClient> {
  const client = await clientFor(ref);
  if (!client) {
    throw new Error(unreachable);
  }
  return client;
}

export interface AddonCoverageOptions {
  signal?: AbortSignal;
}

/**
 * Reads one kind of delivery and reports, per required cluster, whether the
 * add-on is there, in sync, drifted or missing. Throws when the delivery
 * itself cannot be read; the service turns that into an `error`.
 */
export interface AddonSource {
  readonly delivery: AddonDelivery;
  coverage(
    addon: AddonConfig,
    fleet: FleetCluster[],
    options: AddonCoverageOptions,
  ): Promise<AddonCoverage>;
}

/** Where a delivery is read, how messages name it, and why it may not be. */
export interface DeliveryLocation {
  ref: AddonClientRef;
  /** e.g. `ApplicationSet argocd/addons on hub`. */
  source: string;
  unreachable: string;
}

/** What a source reads a delivery's coverage with. */
export interface DeliveryRead<D extends AddonDeliveryConfig> {
  addon: AddonConfig;
  delivery: D;
  fleet: FleetCluster[];
  client: KubernetesClient;
  source: string;
  opts: { signal?: AbortSignal };
}

/**
 * A source that reads its delivery through one client (a cluster's or a
 * Karmada control plane's): it says where the delivery is, then reads it.
 */
export abstract class ClientDeliverySource<D extends AddonDeliveryConfig>
  implements AddonSource
{
  abstract readonly delivery: AddonDelivery;

  constructor(private readonly clientFor: AddonClientResolver) {}

  protected abstract locate(delivery: D): DeliveryLocation;

  protected abstract read(request: DeliveryRead<D>): Promise<AddonCoverage>;

  async coverage(
    addon: AddonConfig,
    fleet: FleetCluster[],
    options: AddonCoverageOptions,
  ): Promise<AddonCoverage> {
    const delivery = addon.delivery as D;
    const { ref, source, unreachable } = this.locate(delivery);
    const client = await requireClient(this.clientFor, ref, unreachable);
    const opts = { signal: options.signal };
    return this.read({ addon, delivery, fleet, client, source, opts });
  }
}
