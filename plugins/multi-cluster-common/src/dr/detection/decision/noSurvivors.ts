import type { DecisionRule } from './types';

/** No healthy cluster is left to move it to. */
export const noSurvivorsRule: DecisionRule = ({ survivors }) =>
  survivors.length === 0
    ? {
        kind: 'held-back',
        code: 'no-survivors',
        reason: 'Held back: no healthy cluster is left to move it to',
      }
    : undefined;
