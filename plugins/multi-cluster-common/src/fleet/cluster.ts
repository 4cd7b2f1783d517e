import type { ClusterHealthStatus } from '../api/fleet';
import type { ClusterSnapshot } from '../scheduling/types';
import type { GpuModelCapacity, PlacementInputs } from '../recommend/inputs';

/**
 * A cluster as Flotilla's advice and DR model see it: what the scheduler
 * needs ({@link ClusterSnapshot}) plus what placement advice weighs.
 *
 * @public
 */
export interface ClusterProfile extends ClusterSnapshot {
  environment?: string;
  tenant?: string;
  workloadClass?: string;
  health?: ClusterHealthStatus;
  /** The evidence behind `health` (the inventory's health message). */
  healthDetail?: string;
  /** Price of one CPU core for one hour, in the fleet's currency. */
  costPerCpuHour?: number;
  /** Round-trip latency in milliseconds from user regions to this cluster. */
  latencyMs?: Record<string, number>;
  /** Legal jurisdiction of data stored in the cluster, e.g. `eu`. */
  jurisdiction?: string;
  /** Compliance attestations, e.g. `pci-dss`. */
  compliance?: string[];
  /**
   * Capacity entries that are not resource names and quantities, one line
   * each (see `capacityProblems`); the estimator counts such a resource as
   * unavailable rather than failing.
   */
  capacityProblems?: string[];
  /** GPUs per model, when the cluster's Nodes were read. */
  gpuModels?: GpuModelCapacity[];
  /** Where each input of placement advice came from for this cluster. */
  inputs?: PlacementInputs;
}

/**
 * The failure domain a cluster shares with others: its provider's region.
 * Two clusters in one failure domain can be lost to one regional outage.
 *
 * @public
 */
export function failureDomainOf(cluster: ClusterSnapshot): string | undefined {
  return cluster.region
    ? `${cluster.provider ?? 'unknown-provider'}/${cluster.region}`
    : undefined;
}

/** @public */
export function isSchedulableHealth(health: ClusterHealthStatus | undefined) {
  return health !== 'unhealthy';
}
