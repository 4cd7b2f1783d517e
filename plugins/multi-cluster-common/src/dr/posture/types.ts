/**
 * The shapes of a DR posture assessment: its findings, its inputs, and the
 * rules that produce findings from the facts every rule shares.
 */
import type { ClusterProfile } from '../../fleet/cluster';
import type { WorkloadRequirements } from '../../recommend/types';
import type { ReachabilityRequirement } from '../../scheduling/types';
import type { ServiceDrSpec } from '../service';
import type { DrStrategy } from '../strategies';

/** @public */
export type FindingSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** @public */
export interface DrFinding {
  /** Stable id, e.g. `standby-same-region`, for filtering and docs. */
  id: string;
  severity: FindingSeverity;
  title: string;
  detail: string;
  clusters?: string[];
}

/** Replicas per cluster: the desired or the observed assignment. @public */
export type ReplicaAssignment = { name: string; replicas: number }[];

/**
 * What else the assessment may know about the service.
 *
 * @public
 */
export interface DrPostureContext {
  /**
   * The service's dependencies (catalog `dependsOn`) and the clusters they
   * run on, with their cluster sets: a failover target must reach them.
   */
  dependencies?: ReachabilityRequirement['dependencies'];
}

/** What every posture rule may look at, worked out once per assessment. */
export interface PostureFacts {
  service: ServiceDrSpec;
  strategy: DrStrategy;
  fleet: ClusterProfile[];
  byName: Map<string, ClusterProfile>;
  /** The placement's entries with at least one replica. */
  running: ReplicaAssignment;
  runningClusters: string[];
  totalReplicas: number;
  /** What a cluster must fit to take the whole service. */
  requirements: WorkloadRequirements;
  /** The dependencies a failover target must reach, when known. */
  reachability?: ReachabilityRequirement;
}

/** One posture check: its findings, in the order they should be reported. */
export type PostureRule = (facts: PostureFacts) => DrFinding[];
