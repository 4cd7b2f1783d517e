import { formatDuration } from '../fleet/duration';
import type { ClusterProfile } from '../fleet/cluster';
import { capacityFor } from '../recommend/eligibility';
import {
  reachabilityProblem,
  validateReachability,
} from '../scheduling/filters/clusterSetReachability';
import type { ReachabilityRequirement } from '../scheduling/types';
import type { ServiceDrSpec } from './service';
import { DR_STRATEGIES } from './strategies';

/** @public */
export type FindingSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** @public */
export interface DrFinding {
  /** Stable id, e.g. `standby-same-region`, for filtering and docs. */
  id: string;
  severity: FindingSeverity;
  title: string;
  detail: string;
  clusters?: string[];
}

/** Replicas per cluster: the desired or the observed assignment. @public */
export type ReplicaAssignment = { name: string; replicas: number }[];

/**
 * What else the assessment may know about the service.
 *
 * @public
 */
export interface DrPostureContext {
  /**
   * The service's dependencies (catalog `dependsOn`) and the clusters they
   * run on, with their cluster sets: a failover target must reach them.
   */
  dependencies?: ReachabilityRequirement['dependencies'];
}

const SEVERITY_ORDER: FindingSeverity[] = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
];

/** The inventory's evidence behind an unhealthy verdict, as a sentence. */
function evidenceOf(cluster: ClusterProfile): string {
  return cluster.healthDetail ? ` Evidence: ${cluster.healthDetail}.` : '';
}

/**
 * Checks a service's DR declaration against where it runs and the fleet it
 * could fail over to. Findings come most severe first.
 *
 * @public
 */
export function assessDrPosture(
  service: ServiceDrSpec,
  placement: ReplicaAssignment,
  fleet: ClusterProfile[],
  context: DrPostureContext = {},
): DrFinding[] {
  const reachability = context.dependencies
    ? { dependencies: context.dependencies }
    : undefined;
  if (reachability) validateReachability(reachability, fleet);
  const findings: DrFinding[] = [];
  /** Clusters the service would fail over to; checked for reachability below. */
  const failoverTargets: ClusterProfile[] = [];
  const strategy = DR_STRATEGIES[service.strategy];
  const byName = new Map(fleet.map(c => [c.name, c]));
  const running = placement.filter(t => t.replicas > 0);
  const runningClusters = running.map(t => t.name);
  const totalReplicas = running.reduce((sum, t) => sum + t.replicas, 0);
  const requirements = {
    replicas: Math.max(1, totalReplicas),
    resourceRequest: service.resourceRequest,
  };

  if (
    service.rtoSeconds !== undefined &&
    service.rtoSeconds < strategy.bestRtoSeconds
  ) {
    findings.push({
      id: 'rto-unachievable',
      severity: 'high',
      title: 'RTO target is tighter than the strategy can meet',
      detail: `The target RTO is ${formatDuration(service.rtoSeconds)}, but ${
        strategy.title
      } typically recovers in ${formatDuration(
        strategy.bestRtoSeconds,
      )} at best.`,
    });
  }
  if (
    service.rpoSeconds !== undefined &&
    service.rpoSeconds < strategy.bestRpoSeconds
  ) {
    findings.push({
      id: 'rpo-unachievable',
      severity: 'high',
      title: 'RPO target is tighter than the strategy can meet',
      detail: `The target RPO is ${formatDuration(service.rpoSeconds)}, but ${
        strategy.title
      } typically loses ${formatDuration(
        strategy.bestRpoSeconds,
      )} of data at best.`,
    });
  }

  for (const name of runningClusters) {
    const cluster = byName.get(name);
    if (!cluster) {
      findings.push({
        id: 'cluster-unknown',
        severity: 'medium',
        title: `Replicas run on ${name}, which the fleet does not know`,
        detail: `${name} is not in the fleet inventory, so its health and capacity cannot be checked.`,
        clusters: [name],
      });
    } else if (cluster.health === 'unhealthy') {
      findings.push({
        id: 'cluster-unhealthy',
        severity: 'critical',
        title: `${name} is unhealthy and runs replicas`,
        detail: `${
          running.find(t => t.name === name)!.replicas
        } replica(s) run on an unhealthy cluster; fail over or let the placement move them.${evidenceOf(
          cluster,
        )}`,
        clusters: [name],
      });
    }
  }

  if (running.length === 0) {
    findings.push({
      id: 'not-running',
      severity: 'info',
      title: 'No replicas found',
      detail:
        'The service runs no replicas in the fleet, so its posture cannot be assessed against a placement.',
    });
  }

  if (service.strategy === 'active-active' && running.length > 0) {
    const regions = new Set(running.map(t => byName.get(t.name)?.region));
    if (running.length < 2) {
      findings.push({
        id: 'active-active-single-cluster',
        severity: 'critical',
        title: 'Declared active-active, but runs in one cluster',
        detail: `All ${totalReplicas} replicas run on ${runningClusters[0]}: losing it loses the service.`,
        clusters: runningClusters,
      });
    } else if (regions.size < 2) {
      findings.push({
        id: 'active-active-single-region',
        severity: 'medium',
        title: 'Active-active within one region',
        detail: `Every replica runs in ${
          [...regions][0] ?? 'one region'
        }: a regional outage takes all of them.`,
        clusters: runningClusters,
      });
    }
    if (running.length >= 2) {
      // Each running cluster takes over when another one fails.
      for (const t of running) {
        const cluster = byName.get(t.name);
        if (cluster) failoverTargets.push(cluster);
      }
      // N+1: can the others absorb the largest cluster's share?
      const largest = [...running].sort((a, b) => b.replicas - a.replicas)[0];
      const headroom = running
        .filter(t => t.name !== largest.name)
        .reduce((sum, t) => {
          const cluster = byName.get(t.name);
          return sum + (cluster ? capacityFor(cluster, requirements) : 0);
        }, 0);
      if (headroom < largest.replicas) {
        findings.push({
          id: 'active-active-no-n-plus-one',
          severity: 'medium',
          title: 'The other clusters cannot absorb the largest share',
          detail: `If ${largest.name} fails, its ${largest.replicas} replicas need room elsewhere; the other clusters have room for ${headroom}.`,
          clusters: [largest.name],
        });
      }
    }
  }

  if (
    service.strategy === 'active-passive-warm' ||
    service.strategy === 'active-passive-cold'
  ) {
    const primaryName = service.primaryCluster ?? runningClusters[0];
    const standbyName = service.standbyCluster;
    const primary = primaryName ? byName.get(primaryName) : undefined;
    const standby = standbyName ? byName.get(standbyName) : undefined;
    if (!standbyName) {
      findings.push({
        id: 'standby-missing',
        severity: 'high',
        title: 'No standby cluster declared',
        detail: `${strategy.title} needs a standby: set flotilla.io/standby-cluster.`,
      });
    } else if (!standby) {
      findings.push({
        id: 'standby-unknown',
        severity: 'high',
        title: `Standby ${standbyName} is not in the fleet`,
        detail: `The declared standby cluster ${standbyName} is unknown to the inventory.`,
        clusters: [standbyName],
      });
    } else {
      if (standbyName !== primaryName) failoverTargets.push(standby);
      if (standbyName === primaryName) {
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
      if (standby.health === 'unhealthy') {
        findings.push({
          id: 'standby-unhealthy',
          severity: 'critical',
          title: `Standby ${standbyName} is unhealthy`,
          detail: `A failover now would have nowhere healthy to go.${evidenceOf(
            standby,
          )}`,
          clusters: [standbyName],
        });
      }
      const primaryReplicas =
        running.find(t => t.name === primaryName)?.replicas ??
        service.replicas ??
        0;
      const onStandby =
        running.find(t => t.name === standbyName)?.replicas ?? 0;
      const room = capacityFor(standby, requirements) + onStandby;
      if (primaryReplicas > 0 && room < primaryReplicas) {
        findings.push({
          id: 'standby-no-capacity',
          severity: 'high',
          title: 'Standby cannot absorb the primary',
          detail: `${primaryName} runs ${primaryReplicas} replica(s); ${standbyName} has room for ${room}.`,
          clusters: [standbyName],
        });
      }
    }
  }

  if (service.strategy === 'backup-restore' && running.length > 0) {
    const restoreTargets = fleet.filter(
      c =>
        !runningClusters.includes(c.name) &&
        c.health !== 'unhealthy' &&
        capacityFor(c, requirements) >= totalReplicas,
    );
    if (restoreTargets.length === 0) {
      findings.push({
        id: 'no-restore-target',
        severity: 'high',
        title: 'No cluster could take a restore',
        detail: `No healthy cluster outside the current placement has room for ${totalReplicas} replica(s).`,
      });
    } else if (
      reachability &&
      restoreTargets.every(c => reachabilityProblem(c, reachability))
    ) {
      // Any one reachable restore target is enough; only all failing is a finding.
      const names = restoreTargets.map(c => c.name);
      findings.push({
        id: 'failover-target-unreachable-dependency',
        severity: 'high',
        title: "No restore target can reach the service's dependencies",
        detail: restoreTargets
          .map(c => `${c.name} ${reachabilityProblem(c, reachability)}`)
          .join('. ')
          .concat(
            `. A restore to any of ${names.join(
              ', ',
            )} leaves the service unable to call them.`,
          ),
        clusters: names,
      });
    }
  }

  if (reachability) {
    for (const target of failoverTargets) {
      const problem = reachabilityProblem(target, reachability);
      if (!problem) continue;
      findings.push({
        id: 'failover-target-unreachable-dependency',
        severity: 'high',
        title: `Failover target ${target.name} cannot reach the service's dependencies`,
        detail: `${target.name} ${problem}: after a failover there, the service cannot call them.`,
        clusters: [target.name],
      });
    }
  }

  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity),
  );
}
