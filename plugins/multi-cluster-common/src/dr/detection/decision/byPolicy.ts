import type { DecisionRule } from './types';

/** A few names, then how many more: a reason stays short in a large fleet. */
export function nameList(names: string[], max = 5): string {
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

/**
 * Nothing holds it back: `automatic` fails it over, `manual` records that
 * it would and leaves the failover to a person.
 */
export const byPolicyRule: DecisionRule = ({ service, survivors }) =>
  service.policy === 'automatic'
    ? {
        kind: 'failed-over',
        reason: `Failing over (policy automatic); healthy clusters: ${nameList(
          survivors,
        )}`,
      }
    : {
        kind: 'would-fail-over',
        reason: `Would fail over (policy manual: a person starts it); healthy clusters: ${nameList(
          survivors,
        )}`,
      };
