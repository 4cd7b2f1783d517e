/**
 * Karmada-exact replica scheduling engine (pure, no I/O).
 */
export * from './placement';
export type {
  ApiEnablement,
  ClusterExplanation,
  ClusterSnapshot,
  ClusterTaint,
  ReachabilityRequirement,
  ReplicaRequirements,
  ResourceList,
  ResourceSummary,
  ScheduleRequest,
  ScheduleResult,
  TargetCluster,
  Verdict,
  WorkloadResource,
} from './types';
export {
  isSupportedKarmadaVersion,
  karmadaRulesFor,
  NEWEST_KARMADA_VERSION,
  SUPPORTED_KARMADA_VERSIONS,
} from './versionRules';
export type { KarmadaRules, KarmadaVersion } from './versionRules';
export { schedule } from './schedule';
export { PlacementError } from './errors';
export {
  clusterSetReachabilityFilter,
  reachabilityProblem,
  REACHABILITY_REASON,
  sharesClusterSet,
  validateReachability,
} from './filters';
export type {
  ClusterFilter,
  CompiledDependency,
  CompiledReachability,
  FilterContext,
  FilterFailure,
  FilterPluginName,
} from './filters';
export type { PlacementErrorCode, PlacementErrorReason } from './errors';
export {
  compileClusterAffinity,
  matchesClusterAffinity,
} from './matching/clusterAffinity';
export type { ClusterPredicate } from './matching/clusterAffinity';
export {
  compileLabelSelector,
  matchesLabelSelector,
} from './matching/labelSelector';
export type {
  LabelMap,
  LabelPredicate,
  LabelSelectorLike,
} from './matching/labelSelector';
export {
  toleratesTaint,
  findUntoleratedTaint,
  formatTaint,
} from './matching/tolerations';
export { estimateAvailableReplicas } from './estimator';
export { allocateWebsterSeats } from './webster';
export type { WebsterParty } from './webster';
export { fnv1a32, nameOrderForUid } from './tieBreak';
export type { NameOrder } from './tieBreak';
export { applyPlacementDefaults } from './defaults';
export { evaluateNoExecuteTaints } from './taintEviction';
export type { NoExecuteDecision } from './taintEviction';
export { strategyOf } from './strategies';
export type { StrategyKind } from './strategies';
