import { capacityFor } from '../../../recommend/eligibility';
import { evidenceOf, replicasOn } from '../facts';
import { standbyPair } from '../standbyPair';
import type { PostureRule } from '../facts';
import type { DrFinding } from '../types';

/** A standby that is missing, unknown, or shares the primary's fate. */
export const standbyPlacementRule: PostureRule = facts => {
  const pair = standbyPair(facts);
  if (!pair) return [];
  const { primaryName, standbyName, primary, standby } = pair;
  const findings: DrFinding[] = [];
  if (!standbyName) {
    findings.push({
      id: 'standby-missing',
      severity: 'high',
      title: 'No standby cluster declared',
      detail: `${facts.strategy.title} needs a standby: set flotilla.io/standby-cluster.`,
    });
  } else if (!standby) {
    findings.push({
      id: 'standby-unknown',
      severity: 'high',
      title: `Standby ${standbyName} is not in the fleet`,
      detail: `The declared standby cluster ${standbyName} is unknown to the inventory.`,
      clusters: [standbyName],
    });
  } else if (standbyName === primaryName) {
    findings.push({
      id: 'standby-is-primary',
      severity: 'critical',
      title: 'Standby and primary are the same cluster',
      detail: `${standbyName} is both primary and standby: there is nothing to fail over to.`,
      clusters: [standbyName],
    });
  } else if (primary?.region && primary.region === standby.region) {
    findings.push({
      id: 'standby-same-region',
      severity: 'high',
      title: 'Standby is in the same region as the primary',
      detail: `${primaryName} and ${standbyName} are both in ${primary.region}: one regional outage takes both.`,
      clusters: [primaryName!, standbyName],
    });
  } else if (primary?.provider && primary.provider === standby.provider) {
    findings.push({
      id: 'standby-same-provider',
      severity: 'low',
      title: 'Standby is on the same provider as the primary',
      detail: `${primaryName} and ${standbyName} both run on ${primary.provider}: a provider-wide outage takes both.`,
      clusters: [primaryName!, standbyName],
    });
  }
  return findings;
};

/** A known standby the inventory reports unhealthy. */
export const standbyHealthRule: PostureRule = facts => {
  const standby = standbyPair(facts)?.standby;
  if (standby?.health !== 'unhealthy') return [];
  return [
    {
      id: 'standby-unhealthy',
      severity: 'critical',
      title: `Standby ${standby.name} is unhealthy`,
      detail: `A failover now would have nowhere healthy to go.${evidenceOf(
        standby,
      )}`,
      clusters: [standby.name],
    },
  ];
};

/** A known standby without room for the primary's replicas. */
export const standbyCapacityRule: PostureRule = facts => {
  const pair = standbyPair(facts);
  if (!pair?.standby) return [];
  const { primaryName, standbyName, standby } = pair;
  const primaryReplicas =
    replicasOn(facts.running, primaryName) ?? facts.service.replicas ?? 0;
  const onStandby = replicasOn(facts.running, standbyName) ?? 0;
  const room = capacityFor(standby, facts.requirements) + onStandby;
  if (primaryReplicas <= 0 || room >= primaryReplicas) return [];
  return [
    {
      id: 'standby-no-capacity',
      severity: 'high',
      title: 'Standby cannot absorb the primary',
      detail: `${primaryName} runs ${primaryReplicas} replica(s); ${standbyName} has room for ${room}.`,
      clusters: [standbyName!],
    },
  ];
};
