/**
 * Typed mirror of Karmada's `policy.karmada.io/v1alpha1` PropagationPolicy
 * `spec.placement`. Its zod schema (the rules of Karmada's CRD and admission
 * webhook) is in `./placementSchema`, re-exported here.
 *
 * Field names follow the CRD exactly (e.g. `exclude`, not `excludeClusters`).
 */
export { labelValueError, qualifiedNameError } from './matching/labelSyntax';
// The schema lives beside the types; importers of `./placement` keep both.
export {
  karmadaPlacementSchema,
  karmadaTolerationSchema,
} from './placementSchema';

/**
 * Operators of a Kubernetes label selector requirement.
 *
 * @public
 */
export type LabelSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

/** @public */
export interface LabelSelectorRequirement {
  key: string;
  operator: LabelSelectorOperator;
  values?: string[];
}

/**
 * Standard Kubernetes `metav1.LabelSelector`.
 *
 * @public
 */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/**
 * The only cluster properties a FieldSelector may look at.
 *
 * @public
 */
export type FieldSelectorKey = 'provider' | 'region' | 'zone';

/**
 * The webhook only admits In / NotIn for field selectors.
 *
 * @public
 */
export type FieldSelectorOperator = 'In' | 'NotIn';

/** @public */
export interface FieldSelectorRequirement {
  key: FieldSelectorKey;
  operator: FieldSelectorOperator;
  values?: string[];
}

/** @public */
export interface FieldSelector {
  matchExpressions?: FieldSelectorRequirement[];
}

/**
 * Selects clusters; all present criteria must hold.
 *
 * @public
 */
export interface ClusterAffinity {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  clusterNames?: string[];
  exclude?: string[];
}

/**
 * A named affinity term used only as an overflow tier (cannot nest further).
 *
 * @public
 */
export interface OverflowAffinityTerm extends ClusterAffinity {
  affinityName: string;
}

/**
 * One entry of the ordered `clusterAffinities` fallback list.
 *
 * @public
 */
export interface ClusterAffinityTerm extends ClusterAffinity {
  affinityName: string;
  overflowAffinities?: OverflowAffinityTerm[];
}

/** @public */
export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

/** @public */
export type TolerationOperator = 'Exists' | 'Equal';

/**
 * Kubernetes `corev1.Toleration` as used by `clusterTolerations`.
 *
 * @public
 */
export interface Toleration {
  key?: string;
  operator?: TolerationOperator;
  value?: string;
  /** Empty means "all effects". */
  effect?: TaintEffect | '';
  tolerationSeconds?: number;
}

/** @public */
export type SpreadFieldValue = 'cluster' | 'region' | 'zone' | 'provider';

/** @public */
export interface SpreadConstraint {
  spreadByField?: SpreadFieldValue;
  spreadByLabel?: string;
  maxGroups?: number;
  minGroups?: number;
}

/** @public */
export type ReplicaSchedulingType = 'Duplicated' | 'Divided';

/** @public */
export type ReplicaDivisionPreference = 'Aggregated' | 'Weighted';

/** @public */
export type DynamicWeightFactor = 'AvailableReplicas';

/** @public */
export interface StaticClusterWeight {
  targetCluster: ClusterAffinity;
  weight: number;
}

/** @public */
export interface ClusterPreferences {
  staticWeightList?: StaticClusterWeight[];
  /** When set, `staticWeightList` is ignored. */
  dynamicWeight?: DynamicWeightFactor;
}

/** @public */
export interface ReplicaSchedulingStrategy {
  /** CRD default: `Divided` (when the object exists). */
  replicaSchedulingType?: ReplicaSchedulingType;
  replicaDivisionPreference?: ReplicaDivisionPreference;
  weightPreference?: ClusterPreferences;
}

/** @public */
export interface WorkloadAffinityTerm {
  groupByLabelKey: string;
}

/**
 * Alpha (feature-gated); carried for completeness, ignored by the engine.
 *
 * @public
 */
export interface WorkloadAffinity {
  affinity?: WorkloadAffinityTerm;
  antiAffinity?: WorkloadAffinityTerm;
}

/**
 * PropagationPolicy `spec.placement`.
 *
 * @public
 */
export interface KarmadaPlacement {
  clusterAffinity?: ClusterAffinity;
  clusterAffinities?: ClusterAffinityTerm[];
  clusterTolerations?: Toleration[];
  spreadConstraints?: SpreadConstraint[];
  replicaScheduling?: ReplicaSchedulingStrategy;
  workloadAffinity?: WorkloadAffinity;
}

/**
 * Alias matching Karmada's Go type name.
 *
 * @public
 */
export type Placement = KarmadaPlacement;
