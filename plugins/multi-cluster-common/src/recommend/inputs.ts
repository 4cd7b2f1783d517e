/**
 * Where each input of placement advice comes from, per cluster. Advice is
 * only as good as its inputs, so every input says its source, and says
 * plainly when nothing is known (the objective then does not score that
 * cluster: an unknown is never read as a zero or a guess).
 */

/** The inputs placement advice weighs. @public */
export type PlacementInputName =
  | 'capacity'
  | 'gpu'
  | 'cost'
  | 'latency'
  | 'jurisdiction'
  | 'compliance';

/** @public */
export const PLACEMENT_INPUT_NAMES: readonly PlacementInputName[] = [
  'capacity',
  'gpu',
  'cost',
  'latency',
  'jurisdiction',
  'compliance',
];

/**
 * Where one input of one cluster came from.
 *
 * `source` is one of: `nodes` (the member's Nodes and Pods), `karmada` (the
 * Karmada Cluster's `status.resourceSummary`), `opencost` (OpenCost through
 * the cluster's API service proxy), `price-table` (config, by provider,
 * region and instance type), `annotation` (a `flotilla.io/` label or
 * annotation), `config` (the latency matrix), `unknown`.
 *
 * @public
 */
export interface PlacementInputProvenance {
  source: string;
  /** False when nothing said: the objective does not score this cluster. */
  known: boolean;
  /** One line a developer reads: what was read, or why it is unknown. */
  detail: string;
  /** When a live source was read (ISO 8601). */
  readAt?: string;
}

/** Provenance of each input of one cluster. @public */
export type PlacementInputs = Partial<
  Record<PlacementInputName, PlacementInputProvenance>
>;

/**
 * GPUs of one model on a cluster, from its Nodes' GPU product label (e.g.
 * `nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB`): allocatable minus what
 * the cluster's Pods request.
 *
 * @public
 */
export interface GpuModelCapacity {
  /** The extended resource, e.g. `nvidia.com/gpu`. */
  resource: string;
  /** The product label's value; `unknown` for Nodes without one. */
  model: string;
  allocatable: number;
  free: number;
}
