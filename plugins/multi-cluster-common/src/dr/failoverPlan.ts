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
import { failoverSourceCheck, failoverTargetProblem } from './failoverHealth';
import type { ReplicaAssignment } from './posture';
import type { ServiceDrSpec } from './service';

/** @public */
export type FailoverStepKind =
  | 'precheck-source'
  | 'precheck-target'
  | 'shift-replicas'
  | 'gitops-sync'
  | 'traffic-shift'
  | 'verify'
  | 'notify';

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
  | FailoverStepBase<'gitops-sync', { application?: string }>
  | FailoverStepBase<'traffic-shift', { from: string; to: string[] }>
  | FailoverStepBase<
      'verify',
      { expected: { cluster: string; replicas: number }[] }
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
  targetChosenBy: 'request' | 'recommendation';
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

const DEFAULT_TIMEOUTS: Record<FailoverStepKind, number> = {
  'precheck-source': 30,
  'precheck-target': 30,
  'shift-replicas': 120,
  'gitops-sync': 300,
  'traffic-shift': 120,
  verify: 600,
  notify: 30,
};

const DEFAULT_ATTEMPTS: Record<FailoverStepKind, number> = {
  'precheck-source': 3,
  'precheck-target': 3,
  'shift-replicas': 5,
  'gitops-sync': 3,
  'traffic-shift': 3,
  verify: 1,
  notify: 3,
};

function step<K extends FailoverStepKind, P>(
  kind: K,
  title: string,
  description: string,
  params: P,
  skipReason?: string,
): Omit<FailoverStepBase<K, P>, 'order'> {
  return {
    kind,
    title,
    description,
    timeoutSeconds: DEFAULT_TIMEOUTS[kind],
    maxAttempts: DEFAULT_ATTEMPTS[kind],
    ...(skipReason ? { skipReason } : {}),
    params,
  };
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

/**
 * Plans a failover of a service from one cluster: an ordered, typed runbook
 * whose replica moves are computed with `schedule`. Bad requests (unknown
 * clusters, a target without capacity, nothing to move) throw
 * {@link FailoverPlanError} with a message for the user.
 *
 * @public
 */
export function planFailover(request: FailoverPlanRequest): FailoverPlan {
  const { service, from, to, fleet } = request;
  const reachability = request.dependencies
    ? { dependencies: request.dependencies }
    : undefined;
  if (reachability) {
    try {
      validateReachability(reachability, fleet);
    } catch (error) {
      if (error instanceof PlacementError) {
        throw new FailoverPlanError(error.message);
      }
      throw error;
    }
  }
  const byName = new Map(fleet.map(c => [c.name, c]));
  const source = byName.get(from);
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

  let targetChosenBy: FailoverPlan['targetChosenBy'] = 'request';
  let recommendation: PlacementRecommendation | undefined;
  let split: { name: string; replicas: number }[];
  if (to !== undefined) {
    const target = byName.get(to);
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
    split = splitOnTargets(request, [to], moved, reachability);
  } else {
    targetChosenBy = 'recommendation';
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
    recommendation = advice.recommendations[0];
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
    split = recommendation.split;
  }

  const after = new Map(current);
  after.set(from, 0);
  for (const target of split) {
    after.set(target.name, (after.get(target.name) ?? 0) + target.replicas);
  }
  const moves: ReplicaMove[] = [...after.keys()]
    .sort()
    .map(cluster => ({
      cluster,
      before: current.get(cluster) ?? 0,
      after: after.get(cluster) ?? 0,
    }))
    .filter(m => m.before !== m.after);
  const targets = split.map(t => t.name);
  const method: ShiftMethod = request.viaKarmada
    ? 'karmada-override'
    : 'direct-scale';

  const steps = [
    step(
      'precheck-source',
      `Check ${from}`,
      `Record the health of ${from}; ${
        request.force
          ? 'proceed whatever it reports (forced)'
          : 'stop if it is still healthy, unless forced'
      }. When planned: ${
        failoverSourceCheck(source, Boolean(request.force)).reason
      }.`,
      { cluster: from, force: Boolean(request.force) },
    ),
    step(
      'precheck-target',
      `Check ${targets.join(', ')}`,
      'Each target is healthy and has room for the replicas it receives.',
      {
        targets: split.map(t => ({
          cluster: t.name,
          additionalReplicas: t.replicas,
        })),
      },
    ),
    step(
      'shift-replicas',
      `Move ${moved} replica(s) from ${from} to ${targets.join(', ')}`,
      method === 'karmada-override'
        ? 'Patch the Karmada OverridePolicy so the targets run the replicas and the source runs none.'
        : 'Scale the Deployments in each cluster directly.',
      { method, moves, kubernetesId: service.kubernetesId },
    ),
    step(
      'gitops-sync',
      'Sync Argo CD',
      'Sync the Argo CD application on the target and wait until it is Synced and Healthy.',
      { application: service.argocdApp },
      service.argocdApp
        ? undefined
        : 'no Argo CD application configured (flotilla.io/argocd-app)',
    ),
    step(
      'traffic-shift',
      'Shift traffic',
      `Point DNS / the global load balancer away from ${from}.`,
      { from, to: targets },
      request.trafficProvider ? undefined : 'no traffic provider configured',
    ),
    step(
      'verify',
      'Verify',
      'The targets report the desired available replicas.',
      {
        expected: [...after.entries()]
          .filter(([, replicas]) => replicas > 0)
          .map(([cluster, replicas]) => ({ cluster, replicas }))
          .sort((a, b) => a.cluster.localeCompare(b.cluster)),
      },
    ),
    step(
      'notify',
      'Notify owners',
      `Tell the owners of ${service.entityRef}.`,
      {
        entityRef: service.entityRef,
      },
    ),
  ].map((s, index) => ({ ...s, order: index + 1 })) as FailoverStep[];

  return {
    entityRef: service.entityRef,
    from,
    to: targets,
    targetChosenBy,
    recommendation,
    movedReplicas: moved,
    method,
    moves,
    steps,
  };
}
