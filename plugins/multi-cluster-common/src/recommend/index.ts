export * from './types';
export * from './inputs';
export { recommendPlacement } from './recommendPlacement';
export {
  builtInScorers,
  complianceScorer,
  costScorer,
  gpuScorer,
  latencyScorer,
} from './scorers';
