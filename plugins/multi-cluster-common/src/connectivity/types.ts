/**
 * The layers under multi-cluster placement: the connectivity fabric that
 * joins clusters into cluster sets, the MCS services exported across them,
 * the capacity a cluster borrows from a peer through virtual nodes (Liqo,
 * Admiralty), and the fleet-wide add-ons every cluster should carry.
 */
import type { ResourceList } from '../scheduling/types';

/**
 * A networking fabric that lets workloads in one cluster reach services in
 * another.
 *
 * @public
 */
export type FabricKind =
  | 'submariner'
  | 'istio'
  | 'cilium-clustermesh'
  | 'mcs'
  | 'cloud-private'
  | 'other';

/** Every FabricKind, in the order the error message lists them. */
export const FABRIC_KINDS = [
  'submariner',
  'istio',
  'cilium-clustermesh',
  'mcs',
  'cloud-private',
  'other',
] as const satisfies readonly FabricKind[];

/** How Flotilla knows a fact about a cluster. @public */
export type ConnectivityEvidence = 'api' | 'declared';

/**
 * One cluster's membership of one fabric.
 *
 * @public
 */
export interface FabricMembership {
  kind: FabricKind;
  /**
   * The cluster set this membership joins, as the fabric names it: the MCS
   * ClusterSet id (`clusterset.k8s.io` ClusterProperty), the Submariner
   * broker's cluster set, the Istio mesh id, the Cilium mesh name, or the
   * declared `flotilla.io/cluster-sets` value.
   */
  clusterSet: string;
  /** This cluster's id inside the fabric (Submariner cluster ID, Cilium cluster name, ...). */
  clusterId?: string;
  detectedVia: ConnectivityEvidence;
  /** Submariner Globalnet (or an equivalent NAT): overlapping CIDRs are translated. */
  globalnet?: boolean;
  /** Fabric ids of the peers this cluster reports a live connection to. */
  connectedTo?: string[];
  /** The fabric's gateway (Submariner gateway, Istio east-west gateway, clustermesh-apiserver). */
  gateway?: { ready: boolean; message?: string };
  /** What was seen, one short sentence each, e.g. `Submariner Gateway gw-1 is active`. */
  evidence: string[];
}

/** Pod and service networks of a cluster. @public */
export interface ClusterNetworks {
  podCidrs: string[];
  serviceCidrs: string[];
  detectedVia: ConnectivityEvidence;
}

/** One MCS ServiceExport seen in a cluster. @public */
export interface ServiceExportRecord {
  namespace: string;
  name: string;
  /** `Valid` condition of the export (false: e.g. no Service of that name). */
  valid?: boolean;
  /** `Conflict` condition is True (the export disagrees with another cluster's). */
  conflict?: boolean;
  message?: string;
}

/**
 * What the inventory knows about a cluster's connectivity.
 *
 * @public
 */
export interface ClusterConnectivity {
  /** Cluster sets the cluster belongs to: every fabric's set plus declared sets, sorted. */
  clusterSets: string[];
  fabrics: FabricMembership[];
  networks?: ClusterNetworks;
  /** Whether the MCS API is served (`serviceexports`/`serviceimports.multicluster.x-k8s.io` CRDs). */
  mcs?: {
    serviceExportCrd: boolean;
    serviceImportCrd: boolean;
    /** `cluster.clusterset.k8s.io` ClusterProperty. */
    clusterId?: string;
    /** `clusterset.k8s.io` ClusterProperty. */
    clusterSet?: string;
  };
  serviceExports?: ServiceExportRecord[];
  /** Detector failures (the rest of the record still holds). */
  errors?: string[];
  /**
   * Detectors whose latest attempt failed transiently (timeout, 5xx) and
   * whose part of this record is their last complete answer, observed then.
   */
  earlierObservations?: Array<{ detector: string; observedAt: string }>;
}

/** A project that offers a peer's capacity as virtual nodes. @public */
export type OffloadingKind = 'liqo' | 'admiralty';

/**
 * A virtual node: capacity that belongs to a peer cluster, offered here.
 *
 * @public
 */
export interface VirtualNode {
  name: string;
  kind: OffloadingKind;
  /** The peer as the virtual node's labels name it (Liqo cluster id, Admiralty target). */
  peer: string;
  /** The fleet cluster the peer resolves to, when it is in the fleet. */
  peerCluster?: string;
  allocatable: ResourceList;
  ready?: boolean;
}

/** How a fleet-wide add-on reaches clusters. @public */
export type AddonDelivery =
  | 'argocd-applicationset'
  | 'fleet-gitrepo'
  | 'karmada-clusterpropagationpolicy';

/** State of one add-on on one cluster. @public */
export type AddonState = 'in-sync' | 'drifted' | 'missing' | 'unknown';

/** One add-on on one cluster. @public */
export interface AddonClusterStatus {
  cluster: string;
  state: AddonState;
  /** Revision deployed on the cluster, when the delivery reports it. */
  revision?: string;
  /** Revision the delivery wants. */
  desiredRevision?: string;
  /** Why it is drifted, missing or unknown. */
  message?: string;
}

/**
 * A fleet-wide add-on (a Kyverno or Gatekeeper policy bundle, monitoring,
 * ...) and its coverage of the clusters that should carry it.
 *
 * @public
 */
export interface AddonCoverage {
  /** Configured name, e.g. `kyverno-baseline`. */
  name: string;
  category?: string;
  delivery: AddonDelivery;
  /** The delivering object, e.g. `argocd/cluster-addons` on management cluster `mgmt`. */
  source: string;
  /** One entry per fleet cluster that should carry the add-on, sorted by cluster. */
  clusters: AddonClusterStatus[];
  /** Why the delivery could not be read (then every cluster is `unknown`). */
  error?: string;
}
