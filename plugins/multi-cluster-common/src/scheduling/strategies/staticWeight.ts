/**
 * StaticWeight: Webster over the static weight list. Previous assignments and
 * capacity are ignored; a candidate no rule matches is not a party.
 */
import { compileClusterAffinity } from '../matching/clusterAffinity';
import { karmadaRulesFor } from '../versionRules';
import { dispense } from '../webster';
import { AssignStrategy, NOT_A_PARTY } from './types';

export const assignStaticWeight: AssignStrategy = input => {
  const { candidates } = input;
  const count = candidates.length;
  const weights: number[] = new Array(count).fill(NOT_A_PARTY);
  const preference = input.placement.replicaScheduling?.weightPreference;

  let weightTotal = 0;
  if (preference) {
    // Weight = max over the rules whose targetCluster matches.
    const rules = (preference.staticWeightList ?? []).map(rule => ({
      matches: compileClusterAffinity(
        rule.targetCluster,
        input.rules ?? karmadaRulesFor(),
      ),
      weight: rule.weight,
    }));
    for (let index = 0; index < count; index++) {
      let weight = 0;
      for (const rule of rules) {
        if (rule.weight > weight && rule.matches(candidates[index].cluster)) {
          weight = rule.weight;
        }
      }
      if (weight > 0) {
        weights[index] = weight;
        weightTotal += weight;
      }
    }
  }
  // No weightPreference (one weight-1 rule per candidate) or nothing matched.
  if (weightTotal === 0) {
    weights.fill(1);
    weightTotal = count;
  }

  const partyNames: string[] = [];
  const partyWeights: number[] = [];
  const partyIndex: number[] = [];
  for (let index = 0; index < count; index++) {
    if (weights[index] === NOT_A_PARTY) continue;
    partyNames.push(candidates[index].name);
    partyWeights.push(weights[index]);
    partyIndex.push(index);
  }
  const replicas: number[] = new Array(count).fill(0);
  const seats = dispense(
    input.replicas,
    partyNames,
    partyWeights,
    input.tieBreak,
  );
  if (seats) {
    for (let party = 0; party < seats.length; party++) {
      replicas[partyIndex[party]] = seats[party];
    }
  }
  return { mode: 'static-weight', replicas, weights, weightTotal };
};
