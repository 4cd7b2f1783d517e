import type { FleetCluster } from '../../../api/fleet';
import type { ClusterHealthEvidence } from '../../../api/fleet';
import type { ClusterVerdict } from '../types';

/**
 * What a cluster's verdict is decided from: the inventory's record of it
 * (its health verdict with every observer's evidence, and its Karmada
 * taints).
 *
 * @public
 */
export interface ClusterVerdictInput {
  cluster: Pick<FleetCluster, 'name' | 'health' | 'taints'>;
  now: Date;
  /**
   * An inventory verdict older than this is not current (the refresh has
   * stopped reaching the cluster's observers): unknown.
   */
  maxVerdictAgeMs?: number;
}

/** The facts every verdict rule reads: the input and its evidence. */
export interface ClusterVerdictFacts extends ClusterVerdictInput {
  evidence: ClusterHealthEvidence[];
}

/** One rule: a verdict when it applies, else undefined (the next rule). */
export type ClusterVerdictRule = (
  facts: ClusterVerdictFacts,
) => ClusterVerdict | undefined;
