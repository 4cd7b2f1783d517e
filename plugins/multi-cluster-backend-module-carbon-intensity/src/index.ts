/**
 * A backend module of the multi-cluster plugin that adds a carbon
 * intensity objective (and an optional ceiling) to placement advice, via
 * `multiClusterPlacementExtensionPoint`: the example of a module adding
 * its own objectives.
 *
 * @packageDocumentation
 */

export { multiClusterModuleCarbonIntensity as default } from './module';
export { carbonCeilingFilter, carbonScorer } from './carbonObjectives';
export type { CarbonIntensityConfig } from './config';
