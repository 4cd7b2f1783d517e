import type {
  DetectionDecisionKind,
  FailoverPolicy,
  ServiceSignal,
} from '@flotilla/plugin-multi-cluster-common';

// Detection's tables, created by `migrations/20270310000000_detection.js`.
export const CLUSTERS = 'multi_cluster_detection_clusters';
export const SIGNALS = 'multi_cluster_detection_signals';
export const DECISIONS = 'multi_cluster_detection_decisions';

/**
 * The window columns of a {@link CLUSTERS} or {@link SIGNALS} row as the
 * drivers return them (PostgreSQL gives bigints as strings).
 */
export interface WindowRow {
  state: 'healthy' | 'failing' | 'unknown';
  failing_since: string | null;
  failing_ms: number | string;
  healthy_since: string | null;
  healthy_ms: number | string;
  reason: string;
  evidence: string;
  updated_at: string;
}

export interface ClusterWindowRow extends WindowRow {
  cluster: string;
}

export interface SignalWindowRow extends WindowRow {
  entity_ref: string;
  cluster: string;
  signal: ServiceSignal;
}

/** A row of {@link DECISIONS}. */
export interface DecisionRow {
  id: string;
  created_at: string;
  entity_ref: string | null;
  clusters: string;
  kind: DetectionDecisionKind;
  reason: string;
  policy: FailoverPolicy;
  evidence: string;
  storm_id: string | null;
  episode: string;
  episode_key: string;
  trigger_key: string | null;
  notified_at: string | null;
  failback_of: string | null;
}
