/**
 * Steady scale-down of the dynamic division (Karmada `dynamicScaleDown`,
 * `pkg/scheduler/core/division_algorithm.go`): the desired replicas are
 * divided in proportion to the previous split, in spec.clusters order.
 *
 * Which previous entries take part is the release's `scaleDownParties`
 * rule: every entry (clusters no longer candidates, even deleted ones, can
 * keep replicas) or only those still candidates.
 */
import { karmadaRulesFor } from '../versionRules';
import {
  addInt32,
  insufficientCapacity,
  shortestSufficientPrefix,
  websterSeats,
} from './division';
import { AssignmentInput, AssignmentOutcome, NOT_A_PARTY } from './types';

/** The previous entries taking part, in spec.clusters order. */
interface Parties {
  names: string[];
  /** Previous replicas: the weight of each party. */
  weights: number[];
  /** Candidate position of each party, -1 for a cluster that is not one. */
  candidates: number[];
}

function scaleDownParties(input: AssignmentInput): Parties {
  const rules = input.rules ?? karmadaRulesFor();
  const parties: Parties = { names: [], weights: [], candidates: [] };
  const add = (name: string, weight: number, candidate: number) => {
    parties.names.push(name);
    parties.weights.push(weight);
    parties.candidates.push(candidate);
  };
  const { candidates } = input;
  if (rules.scaleDownParties === 'every-previous-entry') {
    const positionByName = new Map<string, number>();
    candidates.forEach((candidate, index) =>
      positionByName.set(candidate.name, index),
    );
    for (const entry of input.previousEntries ?? []) {
      add(entry.name, entry.replicas, positionByName.get(entry.name) ?? -1);
    }
    return parties;
  }
  const scheduled: number[] = [];
  candidates.forEach((candidate, index) => {
    if (candidate.previousPosition >= 0) scheduled.push(index);
  });
  scheduled.sort(
    (left, right) =>
      candidates[left].previousPosition - candidates[right].previousPosition,
  );
  for (const index of scheduled) {
    add(candidates[index].name, candidates[index].previous, index);
  }
  return parties;
}

export function scaleDown(
  input: AssignmentInput,
  aggregated: boolean,
): AssignmentOutcome {
  const parties = scaleDownParties(input);
  const { weights } = parties;
  const target = input.replicas;
  let positions = weights.map((_, position) => position);
  let available = 0;
  for (const weight of weights) available = addInt32(available, weight);
  if (available < target) {
    throw insufficientCapacity(available, 'failed to scale down', input.rules);
  }
  if (aggregated) {
    // Go's sort of these short lists is stable: spec.clusters order.
    positions = shortestSufficientPrefix(
      positions,
      weights,
      target,
      (left, right) => left - right,
      undefined,
    );
  }
  const seats = websterSeats(
    target,
    positions,
    parties.names,
    weights,
    input.tieBreak,
  );

  const count = input.candidates.length;
  const replicas: number[] = new Array(count).fill(0);
  const candidateWeights: number[] = new Array(count).fill(NOT_A_PARTY);
  const departed: NonNullable<AssignmentOutcome['departed']> = [];
  let weightTotal = 0;
  positions.forEach((position, party) => {
    const candidate = parties.candidates[position];
    weightTotal += weights[position];
    if (candidate >= 0) {
      replicas[candidate] = seats[party];
      candidateWeights[candidate] = weights[position];
    } else if (seats[party] > 0) {
      departed.push({
        name: parties.names[position],
        replicas: seats[party],
        previous: weights[position],
      });
    }
  });
  const outcome: AssignmentOutcome = {
    mode: 'scale-down',
    replicas,
    weights: candidateWeights,
    weightTotal,
  };
  if (departed.length > 0) outcome.departed = departed;
  return outcome;
}
