import type { ClusterProfile } from '../fleet/cluster';
import { recommendPlacement } from '../recommend/recommendPlacement';
import type { PlacementRecommendation } from '../recommend/types';
import type { KarmadaPlacement } from '../scheduling/placement';
import { PlacementError } from '../scheduling/errors';
import {
  reachabilityProblem,
  validateReachability,
} from '../scheduling/filters/clusterSetReachability';
import { schedule } from '../scheduling/schedule';
import type { ReachabilityRequirement } from '../scheduling/types';
import { failoverTargetProblem } from './failoverHealth';
import { PlannedTarget, plannedTargetsProblem } from './plannedTargets';
import type { ReplicaAssignment } from './posture';
import { failoverSteps } from './runbook/runbookSteps';
import type { GitopsAfterFailover, ServiceDrSpec } from './service';

/** @public */
export type FailoverStepKind =
  | 'precheck-source'
  | 'precheck-target'
  | 'gitops-pause'
  | 'state-restore'
  | 'shift-replicas'
  | 'gitops-sync'
  | 'traffic-shift'
  | 'verify'
  | 'gitops-resume'
  | 'notify';

/**
 * The GitOps objects that would revert a failover: the Argo CD Application
 * (its automated sync) and the Flux Kustomization (`namespace/name`).
 *
 * @public
 */
export interface GitopsObjects {
  argocdApp?: string;
  fluxKustomization?: string;
}

/** @public */
export interface ReplicaMove {
  cluster: string;
  before: number;
  after: number;
}

/** @public */
export type FailoverStep =
  | FailoverStepBase<'precheck-source', { cluster: string; force: boolean }>
  | FailoverStepBase<
      'precheck-target',
      { targets: { cluster: string; additionalReplicas: number }[] }
    >
  | FailoverStepBase<
      'shift-replicas',
      { method: ShiftMethod; moves: ReplicaMove[]; kubernetesId?: string }
    >
  | FailoverStepBase<'gitops-pause', GitopsObjects>
  | FailoverStepBase<
      'state-restore',
      {
        /** Velero Schedules whose latest completed Backup of `from` is restored on `to`. */
        parts: string[];
        from: string;
        to: string[];
        /** Set on a rollback: the run whose restore it reverses. */
        rollbackOf?: string;
      }
    >
  | FailoverStepBase<'gitops-sync', { application?: string }>
  | FailoverStepBase<
      'traffic-shift',
      {
        from: string;
        to: string[];
        /** The configured provider's name; absent: the webhook, when configured. */
        provider?: string;
        record?: string;
        /** Set on a rollback: restore the state this run recorded before its shift. */
        rollbackOf?: string;
      }
    >
  | FailoverStepBase<
      'verify',
      {
        expected: { cluster: string; replicas: number }[];
        /** URL template probed on each expected cluster (`{cluster}`, `{region}`). */
        healthProbe?: string;
      }
    >
  | FailoverStepBase<
      'gitops-resume',
      GitopsObjects & { afterFailover: GitopsAfterFailover }
    >
  | FailoverStepBase<'notify', { entityRef: string }>;

/** @public */
export interface FailoverStepBase<K extends FailoverStepKind, P> {
  /** Position in the runbook, from 1. */
  order: number;
  kind: K;
  title: string;
  description: string;
  timeoutSeconds: number;
  maxAttempts: number;
  /** Why the step will be skipped; absent when it runs. */
  skipReason?: string;
  params: P;
}

/** @public */
export type ShiftMethod = 'karmada-override' | 'direct-scale';

/** @public */
export interface FailoverPlanRequest {
  service: ServiceDrSpec;
  /** The failing cluster. */
  from: string;
  /** The target; chosen by placement advice when absent. */
  to?: string;
  /**
   * The exact split of the source's replicas a region failover's plan
   * chose: used as given once each target is checked (in the fleet, not
   * the source, healthy, reaching the dependencies) and the replicas add
   * up to what the source runs. Excludes `to`.
   */
  targets?: PlannedTarget[];
  /** Where the service's replicas are now. */
  placement: ReplicaAssignment;
  fleet: ClusterProfile[];
  /** Shift through a Karmada OverridePolicy (true) or scale Deployments directly. */
  viaKarmada?: boolean;
  /** Proceed even though the source still reports healthy. */
  force?: boolean;
  /** Name of the configured traffic provider, if any. */
  trafficProvider?: string;
  /**
   * The service's dependencies and their clusters: a target must reach them
   * (run beside them or share a cluster set with one of their clusters).
   */
  dependencies?: ReachabilityRequirement['dependencies'];
}

/** @public */
export interface FailoverPlan {
  entityRef: string;
  from: string;
  to: string[];
  /** `plan`: the exact split a region failover's plan chose (`targets`). */
  targetChosenBy: 'request' | 'recommendation' | 'plan';
  recommendation?: PlacementRecommendation;
  movedReplicas: number;
  method: ShiftMethod;
  moves: ReplicaMove[];
  steps: FailoverStep[];
}

/** A failover that cannot be planned; the message says why, for the user. @public */
export class FailoverPlanError extends Error {
  readonly name = 'FailoverPlanError';
}

/** Splits `replicas` over `targets` exactly as Karmada would (aggregated: fewest clusters). */
function splitOnTargets(
  request: FailoverPlanRequest,
  targets: string[],
  replicas: number,
  reachability: ReachabilityRequirement | undefined,
): { name: string; replicas: number }[] {
  const placement: KarmadaPlacement = {
    clusterAffinity: { clusterNames: targets },
    ...(request.service.placement?.clusterTolerations
      ? { clusterTolerations: request.service.placement.clusterTolerations }
      : {}),
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Aggregated',
    },
  };
  try {
    return schedule({
      replicas,
      placement,
      clusters: request.fleet,
      replicaRequirements: request.service.resourceRequest
        ? { resourceRequest: request.service.resourceRequest }
        : undefined,
      reachability,
    }).targets.map(t => ({ name: t.name, replicas: t.replicas ?? 0 }));
  } catch (error) {
    if (error instanceof PlacementError) {
      throw new FailoverPlanError(
        `${targets.join(', ')} cannot take ${replicas} replica(s): ${
          error.message
        }`,
      );
    }
    throw error;
  }
}

type Split = { name: string; replicas: number }[];

/** The dependencies a target must reach, when given; invalid ones are the user's error. */
function reachabilityOf(
  request: FailoverPlanRequest,
): ReachabilityRequirement | undefined {
  if (!request.dependencies) return undefined;
  const reachability = { dependencies: request.dependencies };
  try {
    validateReachability(reachability, request.fleet);
  } catch (error) {
    if (error instanceof PlacementError) {
      throw new FailoverPlanError(error.message);
    }
    throw error;
  }
  return reachability;
}

/** The requested target, if it is known, healthy and reaches the dependencies. */
function splitOnRequestedTarget(
  request: FailoverPlanRequest,
  to: string,
  moved: number,
  reachability: ReachabilityRequirement | undefined,
): Split {
  const { from, service } = request;
  // The last entry of a name wins, as in every by-name lookup of the fleet.
  const target = new Map(request.fleet.map(c => [c.name, c])).get(to);
  if (!target) {
    throw new FailoverPlanError(`target cluster '${to}' is not in the fleet`);
  }
  if (to === from) {
    throw new FailoverPlanError('the target must differ from the source');
  }
  const unhealthy = failoverTargetProblem(target);
  if (unhealthy) {
    throw new FailoverPlanError(unhealthy);
  }
  const unreachable = reachabilityProblem(target, reachability);
  if (unreachable) {
    throw new FailoverPlanError(
      `target cluster '${to}' cannot reach the dependencies of ${service.entityRef}: ${to} ${unreachable}`,
    );
  }
  return splitOnTargets(request, [to], moved, reachability);
}

/** Placement advice's best target for the moved replicas, never the source. */
function recommendedTarget(
  request: FailoverPlanRequest,
  moved: number,
  reachability: ReachabilityRequirement | undefined,
): PlacementRecommendation {
  const { service, from, fleet } = request;
  const advice = recommendPlacement(
    {
      replicas: moved,
      resourceRequest: service.resourceRequest,
      tolerations: service.placement?.clusterTolerations,
      requiredLabels:
        service.placement?.clusterAffinity?.labelSelector?.matchLabels,
      excludeClusters: [from],
      reachability,
    },
    fleet,
    { limit: 1 },
  );
  const recommendation = advice.recommendations[0];
  if (!recommendation) {
    const why = [
      ...advice.rejected.map(r => r.reason),
      ...advice.excluded.map(e => `${e.cluster}: ${e.reasons.join('; ')}`),
    ];
    throw new FailoverPlanError(
      `no cluster can take ${moved} replica(s) of ${service.entityRef}: ${
        why.join(' | ') || 'the fleet is empty'
      }`,
    );
  }
  return recommendation;
}

/** The planned split, else the requested target, else the recommended one. */
function chooseTargets(
  request: FailoverPlanRequest,
  moved: number,
  reachability: ReachabilityRequirement | undefined,
): { split: Split; recommendation?: PlacementRecommendation } {
  if (request.targets !== undefined) {
    if (request.to !== undefined) {
      throw new FailoverPlanError('give either a target or planned targets');
    }
    const problem = plannedTargetsProblem(request.targets, {
      from: request.from,
      entityRef: request.service.entityRef,
      moved,
      fleet: request.fleet,
      reachability,
    });
    if (problem) throw new FailoverPlanError(problem);
    return { split: request.targets.map(t => ({ ...t })) };
  }
  if (request.to !== undefined) {
    return {
      split: splitOnRequestedTarget(request, request.to, moved, reachability),
    };
  }
  const recommendation = recommendedTarget(request, moved, reachability);
  return { split: recommendation.split, recommendation };
}

/** Every cluster whose replicas change, sorted by name. */
function replicaMoves(
  current: Map<string, number>,
  after: Map<string, number>,
): ReplicaMove[] {
  return [...after.keys()]
    .sort()
    .map(cluster => ({
      cluster,
      before: current.get(cluster) ?? 0,
      after: after.get(cluster) ?? 0,
    }))
    .filter(m => m.before !== m.after);
}

function targetChosenBy(
  request: FailoverPlanRequest,
): FailoverPlan['targetChosenBy'] {
  if (request.targets !== undefined) return 'plan';
  return request.to !== undefined ? 'request' : 'recommendation';
}

/**
 * Plans a failover of a service from one cluster: an ordered, typed runbook
 * whose replica moves are computed with `schedule`. Bad requests (unknown
 * clusters, a target without capacity, nothing to move) throw
 * {@link FailoverPlanError} with a message for the user.
 *
 * @public
 */
export function planFailover(request: FailoverPlanRequest): FailoverPlan {
  const { service, from, fleet } = request;
  const reachability = reachabilityOf(request);
  const source = new Map(fleet.map(c => [c.name, c])).get(from);
  if (!source) {
    throw new FailoverPlanError(`source cluster '${from}' is not in the fleet`);
  }
  const current = new Map(
    request.placement
      .filter(t => t.replicas > 0)
      .map(t => [t.name, t.replicas]),
  );
  const moved = current.get(from) ?? 0;
  if (moved === 0) {
    throw new FailoverPlanError(
      `${service.entityRef} runs no replicas on ${from}; there is nothing to fail over`,
    );
  }
  const { split, recommendation } = chooseTargets(request, moved, reachability);

  const after = new Map(current);
  after.set(from, 0);
  for (const target of split) {
    after.set(target.name, (after.get(target.name) ?? 0) + target.replicas);
  }
  const moves = replicaMoves(current, after);
  const targets = split.map(t => t.name);
  const method: ShiftMethod = request.viaKarmada
    ? 'karmada-override'
    : 'direct-scale';
  const steps = failoverSteps({
    request,
    source,
    split,
    targets,
    moved,
    method,
    moves,
    after,
  });
  return {
    entityRef: service.entityRef,
    from,
    to: targets,
    targetChosenBy: targetChosenBy(request),
    recommendation,
    movedReplicas: moved,
    method,
    moves,
    steps,
  };
}
