import { complianceScorer } from './complianceScorer';
import { costScorer } from './costScorer';
import { gpuScorer } from './gpuScorer';
import { latencyScorer } from './latencyScorer';

export { complianceScorer, costScorer, gpuScorer, latencyScorer };

/** The objectives placement advice weighs unless told otherwise. @public */
export const builtInScorers = [
  latencyScorer,
  costScorer,
  gpuScorer,
  complianceScorer,
];
