// Detection's public names, one by one (the package's index re-exports them).
export {
  type ClusterVerdict,
  decisionEvidence,
  type DetectionOutcome,
  type DetectionState,
  type DetectionVerdict,
  type DetectionWindow,
} from './types';
export {
  advanceWindow,
  type AdvanceWindowOptions,
  isDown,
  isStable,
} from './window';
export { clusterVerdict } from './verdict/clusterVerdict';
export { isKarmadaOutageTaint } from './verdict/karmadaTaints';
export type { ClusterVerdictInput } from './verdict/types';
export { serviceSignalVerdicts } from './signals/serviceSignals';
export type {
  ApplicationHealthObservation,
  ServiceSignal,
  ServiceSignalInput,
} from './signals/types';
export {
  decideService,
  failoverEpisode,
  failoverEpisodeKey,
} from './decision/decideService';
export {
  decideFailback,
  failbackEpisodeKey,
  type FailbackInput,
  type FailbackSource,
} from './decision/failback';
export type {
  DetectedService,
  ObservedSignal,
  ObservedState,
  RuleDecision,
  ServiceDecisionInput,
} from './decision/types';
