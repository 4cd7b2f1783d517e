import type { DetectionOutcome } from '../types';
import { activeRunRule } from './activeRun';
import { byPolicyRule } from './byPolicy';
import { downCauses, type DownCauses } from './downCauses';
import { karmadaHandlesRule } from './karmadaHandles';
import { minIntervalRule } from './minInterval';
import { noSurvivorsRule } from './noSurvivors';
import type {
  DecisionFacts,
  DecisionRule,
  RuleDecision,
  ServiceDecisionInput,
} from './types';

/**
 * The decision rules, first applicable wins: Karmada's own failover is
 * left alone; an active run, a recent failover or no healthy cluster holds
 * it back; else the service's policy decides. The last rule always answers.
 */
export const DECISION_RULES: readonly DecisionRule[] = [
  karmadaHandlesRule,
  activeRunRule,
  minIntervalRule,
  noSurvivorsRule,
  byPolicyRule,
];

/**
 * A failure episode of a service in a cluster: the service, the cluster
 * and the start of the failure.
 *
 * @public
 */
export function failoverEpisode(
  entityRef: string,
  cluster: string,
  since: string,
): string {
  return `${entityRef}|${cluster}|${since}`;
}

/**
 * The key of one decision: its kind (and the reason holding it back) and
 * its episode. A later tick, or another backend replica, that reaches the
 * same decision makes the same key.
 *
 * @public
 */
export function failoverEpisodeKey(
  decision: Pick<RuleDecision, 'kind' | 'code'>,
  episode: string,
): string {
  const kind = decision.code
    ? `${decision.kind}:${decision.code}`
    : decision.kind;
  return `${kind}|${episode}`;
}

function firstDecision(facts: DecisionFacts): RuleDecision {
  for (const rule of DECISION_RULES) {
    const decision = rule(facts);
    if (decision) return decision;
  }
  // byPolicyRule always answers.
  throw new Error('no decision rule answered');
}

function down(input: ServiceDecisionInput): DownCauses[] {
  const { service, clusters, signals } = input;
  return service.placement
    .filter(p => p.replicas > 0)
    .map(p =>
      downCauses(
        p.name,
        clusters.get(p.name),
        signals?.get(p.name) ?? [],
        service.tolerationSeconds,
      ),
    )
    .filter((c): c is DownCauses => !!c)
    .sort((a, b) => a.cluster.localeCompare(b.cluster));
}

/**
 * One decision per cluster of the service that is down for it (the
 * cluster failing for the service's whole toleration, or the service's
 * Argo CD Application or Deployment there). None while nothing is down.
 *
 * @public
 */
export function decideService(input: ServiceDecisionInput): DetectionOutcome[] {
  const { service } = input;
  const causes = down(input);
  if (!causes.length) return [];
  const downNames = new Set(causes.map(c => c.cluster));
  const survivors = [...input.clusters.entries()]
    .filter(([name, c]) => !downNames.has(name) && c.window.state === 'healthy')
    .map(([name]) => name)
    .sort();
  return causes.map(cause => {
    const facts = { ...input, cluster: cause.cluster, survivors };
    const decision = firstDecision(facts);
    const episode = failoverEpisode(
      service.entityRef,
      cause.cluster,
      cause.since,
    );
    return {
      kind: decision.kind,
      entityRef: service.entityRef,
      cluster: cause.cluster,
      policy: service.policy,
      reason: `${decision.reason}. ${cause.reasons.join('; ')}`,
      evidence: cause.evidence,
      episode,
      episodeKey: failoverEpisodeKey(decision, episode),
    };
  });
}
