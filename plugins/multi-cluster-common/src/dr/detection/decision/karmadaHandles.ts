import type { DecisionRule } from './types';

/**
 * Karmada's own application failover (`spec.failover` on the service's
 * PropagationPolicy) moves it: Flotilla says so and does not fight it.
 */
export const karmadaHandlesRule: DecisionRule = ({ service }) =>
  service.karmadaFailover
    ? {
        kind: 'karmada-handles',
        reason:
          "Karmada fails it over: its PropagationPolicy declares spec.failover, so Flotilla leaves the move to Karmada's application failover",
      }
    : undefined;
