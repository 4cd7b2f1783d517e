/**
 * The public shapes of a DR posture assessment: its findings and inputs.
 */
import type { ReachabilityRequirement } from '../../scheduling/types';

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
