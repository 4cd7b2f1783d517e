export * from './types';
export { recommendPlacement } from './recommendPlacement';
export {
  builtInScorers,
  complianceScorer,
  costScorer,
  gpuScorer,
  latencyScorer,
} from './scorers';
