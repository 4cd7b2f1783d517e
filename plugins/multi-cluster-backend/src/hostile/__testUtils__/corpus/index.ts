/**
 * The hostile-input corpus: every route and action of the plugin, a valid
 * request of each, and the requests that must be refused (4xx) quickly and
 * briefly. Bodies are serialized here, before any measurement.
 */
import { clusterRouteTargets } from './clusterRoutes';
import { failoverRouteTargets } from './failoverRoutes';
import { bodyCases, mediaTypeCases } from './hostileCases';
import { placementRouteTargets } from './placementRoutes';
import type { Target } from './target';
import { viewRouteTargets } from './viewRoutes';
import { whatIfRouteTargets } from './whatIfRoutes';

export { actionTargets } from './actions';
export { BAD_QUANTITIES, PROTOTYPE_KEYS } from './hostileCases';
export type { HostileCase, Target } from './target';
export { RUN_ID } from './validRequests';

/** The plugin's routes (all but /health, which takes no input). */
export function routeTargets(): Target[] {
  return [
    ...clusterRouteTargets(),
    ...placementRouteTargets(),
    ...viewRouteTargets(),
    ...failoverRouteTargets(),
    ...whatIfRouteTargets(),
  ].map(target => ({
    ...target,
    cases: [
      ...target.cases,
      ...(target.valid
        ? [
            ...bodyCases(target.valid, target.bodyLimit!),
            ...mediaTypeCases(target.valid),
          ]
        : []),
    ],
  }));
}
