import type {
  ClusterConnectivity,
  ClusterNetworks,
  FabricMembership,
  ResourceList,
  ServiceExportRecord,
  VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import { type KubernetesClient } from '@flotilla/plugin-multi-cluster-node';

/**
 * The pieces of a cluster's connectivity one detector saw. Every field is
 * optional: a detector reports only what its project shows, and the
 * inspector merges the pieces.
 */
export interface DetectorResult {
  fabrics?: FabricMembership[];
  networks?: ClusterNetworks;
  mcs?: ClusterConnectivity['mcs'];
  serviceExports?: ServiceExportRecord[];
  /** Virtual nodes (Liqo, Admiralty): capacity borrowed from a peer. */
  virtualNodes?: VirtualNode[];
  /** Summed allocatable of the cluster's own (non-virtual) nodes. */
  ownAllocatable?: ResourceList;
  /** Failures of single calls that did not stop the detector, one sentence each. */
  errors?: string[];
}

/**
 * Finds one layer (a fabric, the MCS API, the networks, virtual nodes) in a
 * cluster through its Kubernetes API. A missing CRD or object (404) means
 * the layer is absent and is not an error; anything else is thrown (or put
 * in `errors`) and the inspector records it.
 */
export interface ConnectivityDetector {
  id: string;
  detect(
    client: KubernetesClient,
    options: { signal: AbortSignal },
  ): Promise<DetectorResult>;
}
