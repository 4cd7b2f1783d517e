import type { KarmadaPlacement, Toleration } from '../scheduling/placement';
import type { ReachabilityRequirement } from '../scheduling/types';
import type { ClusterProfile } from '../fleet/cluster';

/**
 * What a workload needs from the fleet; every field but `replicas` is optional.
 *
 * @public
 */
export interface WorkloadRequirements {
  replicas: number;
  /** Per-replica requests, e.g. `{ cpu: '500m', memory: '1Gi', 'nvidia.com/gpu': '1' }`. */
  resourceRequest?: Record<string, string>;
  /**
   * GPU models the workload runs on (the Nodes' GPU product label, e.g.
   * `NVIDIA-A100-SXM4-80GB`): a cluster needs free GPUs of one of them.
   */
  gpuModels?: string[];
  /** Jurisdictions the workload's data may live in (data residency), e.g. `['eu']`. */
  allowedJurisdictions?: string[];
  /** Where the workload's users are; latency is measured to these. */
  userRegions?: string[];
  /** Availability: the placement must span at least this many regions. */
  minRegions?: number;
  /** Availability: the chosen clusters must offer at least this many zones. */
  minZones?: number;
  /** Ceiling on the placement's compute cost per hour. */
  maxCostPerHour?: number;
  /** Compliance attestations every chosen cluster must hold. */
  requiredCompliance?: string[];
  /** Labels every chosen cluster must carry (e.g. environment=prod). */
  requiredLabels?: Record<string, string>;
  /** Taints the workload tolerates (become the placement's clusterTolerations). */
  tolerations?: Toleration[];
  /** Clusters never to use (e.g. the failing source of a failover). */
  excludeClusters?: string[];
  /**
   * Dependencies (the catalog's `dependsOn`) every chosen cluster must
   * reach: it runs beside them or shares a cluster set with one of their
   * clusters. Passed on to `schedule` when the advice is replayed.
   */
  reachability?: ReachabilityRequirement;
}

/** @public */
export interface ScoringContext {
  requirements: WorkloadRequirements;
  /** Every eligible cluster, for scorers that normalise across the fleet. */
  eligible: ClusterProfile[];
}

/**
 * One objective of placement advice. Adopters add their own by passing
 * scorers to {@link recommendPlacement}.
 *
 * @public
 */
export interface PlacementScorer {
  /** Short id used as the key of the score breakdown, e.g. `cost`. */
  id: string;
  /** Relative weight of this objective in the total. */
  weight: number;
  /** 0 (worst) to 100 (best) for one cluster; undefined when the objective does not apply. */
  score(cluster: ClusterProfile, context: ScoringContext): number | undefined;
  /** One sentence on why the cluster scored what it did. */
  explain?(cluster: ClusterProfile, context: ScoringContext): string;
}

/**
 * A hard requirement an adopter adds (Karmada's filter plugins): why a
 * cluster may not run the workload at all. Filters never trade against
 * scores.
 *
 * @public
 */
export interface PlacementFilter {
  /** Short id, named in the reasons shown for excluded clusters. */
  id: string;
  /** Reasons (one short sentence each) to exclude the cluster; none when it may run the workload. */
  filter(
    cluster: ClusterProfile,
    requirements: WorkloadRequirements,
  ): string[] | undefined;
}

/**
 * What filters and scorers said, evaluated where they run (a backend
 * module's functions cannot cross into the worker thread that computes
 * advice), as plain data {@link recommendPlacement} applies exactly as it
 * would apply the functions.
 *
 * @public
 */
export interface EvaluatedObjectives {
  /** Each filter's reasons for the clusters it excluded. */
  exclusions: { cluster: string; reasons: string[] }[];
  /** Each scorer's answer for every cluster that stayed eligible. */
  scores: {
    id: string;
    weight: number;
    byCluster: Record<string, { score?: number; reason?: string }>;
  }[];
}

/** @public */
export interface ExcludedCluster {
  cluster: string;
  reasons: string[];
}

/** @public */
export interface PlacementRecommendation {
  rank: number;
  /** How this candidate was assembled, e.g. `balanced`, `cheapest`, `lowest-latency`. */
  strategy: string;
  clusters: string[];
  /** A Karmada placement that reproduces `split` through `schedule`. */
  placement: KarmadaPlacement;
  split: { name: string; replicas: number }[];
  regions: string[];
  zones: string[];
  costPerHour?: number;
  score: { total: number; byObjective: Record<string, number> };
  /** Per chosen cluster: what each objective said. */
  explanation: { cluster: string; reasons: string[] }[];
}

/** @public */
export interface PlacementAdvice {
  recommendations: PlacementRecommendation[];
  excluded: ExcludedCluster[];
  /** Candidate sets that were assembled but rejected (capacity, cost ceiling). */
  rejected: { clusters: string[]; reason: string }[];
}

/** @public */
export interface RecommendPlacementOptions {
  /** Scorers to use instead of the built-in ones. */
  scorers?: PlacementScorer[];
  /** Extra scorers added to the built-in ones. */
  additionalScorers?: PlacementScorer[];
  /** Extra hard requirements added to the built-in ones. */
  additionalFilters?: PlacementFilter[];
  /** Filters and scorers already evaluated elsewhere (see {@link EvaluatedObjectives}). */
  evaluated?: EvaluatedObjectives;
  /** How many recommendations to return at most (default 3). */
  limit?: number;
}
