export * from './types';
export * from './inputs';
export { recommendPlacement } from './recommendPlacement';
export { evaluateObjectives } from './extensions';
export { placementRequirementsFromAnnotations } from './serviceRequirements';
export {
  comparePlacements,
  placementFootprint,
  type ReplicaSplit,
} from './footprint';
export {
  builtInScorers,
  complianceScorer,
  costScorer,
  gpuScorer,
  latencyScorer,
} from './scorers';
