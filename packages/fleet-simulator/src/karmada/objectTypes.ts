/**
 * The shapes of the objects Karmada's controllers read and write: the
 * manifests Works carry, and the spec and status of policies, bindings and
 * Works (one open shape per field set: a list of one plural returns one kind,
 * and the fields of the others stay absent).
 */
import type { V1Container } from '@kubernetes/client-node';
import type {
  KarmadaPlacement,
  ResourceSelectorLike,
} from '@flotilla/plugin-multi-cluster-common';
import type { OverridePolicyLike } from './overrides';
import type {
  AggregatedItem,
  Condition,
  Health,
  ReflectedStatus,
} from './workStatus';

export interface ManifestMetadata {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [key: string]: unknown;
}

/** The spec fields of a workload the controllers read; other kinds' fields pass through. */
export interface ManifestSpec {
  replicas?: number;
  template?: { spec?: { containers?: V1Container[] } };
  [key: string]: unknown;
}

/** A resource as a Work carries it and a member stores it (any kind). */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: ManifestMetadata;
  spec?: ManifestSpec;
  status?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A binding's reference to its resource template (Karmada requires apiVersion, kind and name). */
export interface ObjectReference {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  resourceVersion?: string;
}

/** A manifest as the binding controller gives it to a member: always labelled. */
export type MemberManifest = Manifest & {
  metadata: ManifestMetadata & { labels: Record<string, string> };
};

export interface TargetCluster {
  name: string;
  replicas?: number;
}

/** (Cluster)PropagationPolicy, (Cluster)ResourceBinding and Work spec fields. */
interface PropagationBindingWorkSpec {
  resourceSelectors?: ResourceSelectorLike[];
  placement?: KarmadaPlacement;
  conflictResolution?: string;
  schedulerName?: string;
  resource?: ObjectReference;
  replicas?: number;
  replicaRequirements?: { resourceRequest?: Record<string, string> };
  clusters?: TargetCluster[];
  gracefulEvictionTasks?: Array<{ fromCluster: string }>;
  workload?: { manifests?: Manifest[] };
  [key: string]: unknown;
}

export type KarmadaSpec = PropagationBindingWorkSpec &
  NonNullable<OverridePolicyLike['spec']>;

export interface ManifestStatus {
  identifier?: Record<string, unknown>;
  status?: ReflectedStatus;
  health?: Health;
}

/** Binding and Work status fields. */
export interface KarmadaStatus {
  conditions?: Condition[];
  manifestStatuses?: ManifestStatus[];
  aggregatedStatus?: AggregatedItem[];
  schedulerObservedGeneration?: number;
  schedulerObservedAffinityName?: string;
  lastScheduledTime?: string;
  [key: string]: unknown;
}
