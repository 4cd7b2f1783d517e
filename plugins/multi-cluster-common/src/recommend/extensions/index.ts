export { evaluateObjectives } from './evaluateObjectives';
export { evaluatedExclusions, evaluatedScorers } from './evaluatedScorers';
export { partitionFleet } from './eligibility';
