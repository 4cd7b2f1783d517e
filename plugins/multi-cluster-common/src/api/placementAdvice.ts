import type { ClusterHealthStatus } from './fleet';
import type { PlacementInputs } from '../recommend/inputs';
import type { PlacementAdvice } from '../recommend/types';
import type { RecommendPlacementRequest } from './schemas/placement';

/**
 * What a placement costs and gives: the figures "compare with current
 * placement" puts side by side. A figure is absent when an input it needs
 * is unknown for one of the clusters (never estimated).
 *
 * @public
 */
export interface PlacementFootprint {
  clusters: { name: string; replicas: number }[];
  regions: string[];
  /** Replicas x CPU per replica x the cluster's price per CPU-hour, summed. */
  costPerHour?: number;
  /** Replica-weighted mean latency to the service's user regions. */
  meanLatencyMs?: number;
  /** How many more replicas of the service the chosen clusters take. */
  headroomReplicas?: number;
}

/**
 * One recommendation against the current placement: `delta` is the
 * recommendation's figure minus the current one (lower cost and latency,
 * higher headroom are better).
 *
 * @public
 */
export interface PlacementComparison {
  rank: number;
  footprint: PlacementFootprint;
  delta: {
    costPerHour?: number;
    meanLatencyMs?: number;
    headroomReplicas?: number;
  };
}

/** A service annotation that could not be read, and why. @public */
export interface AnnotationProblem {
  annotation: string;
  message: string;
}

/**
 * `POST /entities/:kind/:namespace/:name/placement/advice`: advice for a
 * service's requirements (from its catalog annotations, or as edited in
 * the request), compared with where it runs now, with the source of every
 * input.
 *
 * @public
 */
export interface EntityPlacementAdvice {
  entityRef: string;
  /** The requirements the advice answers. */
  requirements: RecommendPlacementRequest;
  /** `annotations` when read from the entity; `request` when the caller edited them. */
  requirementsFrom: 'annotations' | 'request';
  /** Annotations that could not be read (their requirement is left out). */
  problems: AnnotationProblem[];
  advice: PlacementAdvice;
  /** Where the service runs now (Karmada's ResourceBinding); absent when it runs nowhere. */
  current?: PlacementFootprint;
  /** Each recommendation against `current` (empty when there is no current placement). */
  comparisons: PlacementComparison[];
  /** Each cluster's inputs and where they came from. */
  inputs: { cluster: string; region?: string; inputs: PlacementInputs }[];
  /** The objectives weighed: built in, or added by a backend module. */
  objectives: { id: string; weight: number; origin: 'built-in' | 'module' }[];
}

/**
 * `GET /placement/options`: what a placement can name on the live fleet
 * (the regions and clusters the caller may read, the user regions of the
 * latency matrix, the jurisdictions, attestations and GPU models the
 * clusters declare), for pickers that must not list regions by hand.
 *
 * @public
 */
export interface PlacementOptions {
  regions: {
    name: string;
    providers: string[];
    clusters: string[];
    jurisdictions: string[];
  }[];
  clusters: {
    name: string;
    region?: string;
    provider?: string;
    environment?: string;
    health?: ClusterHealthStatus;
    jurisdiction?: string;
    compliance: string[];
  }[];
  /** The user regions of `multiCluster.placement.latency`. */
  userRegions: string[];
  jurisdictions: string[];
  compliance: string[];
  environments: string[];
  gpuModels: string[];
}
