/**
 * What a Deployment's status would be once its controller (and the Pods'
 * kubelets) had caught up with its spec: every replica updated, ready and
 * available, the generation observed, Available and Progressing true.
 */
import type {
  V1Deployment,
  V1DeploymentCondition,
} from '@kubernetes/client-node';
import { stableHex } from './stable';

export function desiredReplicas(deployment: V1Deployment): number {
  return deployment.spec?.replicas ?? 1;
}

function conditionOf(deployment: V1Deployment, type: string) {
  return deployment.status?.conditions?.find(c => c.type === type);
}

/** True when the status already says the Deployment caught up with its spec. */
export function isSettled(deployment: V1Deployment): boolean {
  const replicas = desiredReplicas(deployment);
  const status = deployment.status ?? {};
  return (
    status.observedGeneration === deployment.metadata?.generation &&
    (status.replicas ?? 0) === replicas &&
    (status.updatedReplicas ?? 0) === replicas &&
    (status.readyReplicas ?? 0) === replicas &&
    (status.availableReplicas ?? 0) === replicas &&
    (status.unavailableReplicas ?? 0) === 0 &&
    conditionOf(deployment, 'Available')?.status === 'True' &&
    conditionOf(deployment, 'Progressing')?.reason === 'NewReplicaSetAvailable'
  );
}

/** A condition, keeping its transition time when its status does not change. */
function nextCondition(
  current: V1DeploymentCondition | undefined,
  next: Omit<V1DeploymentCondition, 'lastTransitionTime' | 'lastUpdateTime'>,
  now: Date,
): V1DeploymentCondition {
  const transitioned = current?.status !== next.status;
  return {
    ...next,
    lastUpdateTime: now,
    lastTransitionTime: transitioned ? now : current?.lastTransitionTime ?? now,
  };
}

/** The settled status of a Deployment at `now`. */
export function settledStatus(
  deployment: V1Deployment,
  now = new Date(),
): NonNullable<V1Deployment['status']> {
  const replicas = desiredReplicas(deployment);
  const name = deployment.metadata?.name ?? '';
  const available = nextCondition(
    conditionOf(deployment, 'Available'),
    {
      type: 'Available',
      status: 'True',
      reason: 'MinimumReplicasAvailable',
      message: 'Deployment has minimum availability.',
    },
    now,
  );
  const progressing = nextCondition(
    conditionOf(deployment, 'Progressing'),
    {
      type: 'Progressing',
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `ReplicaSet "${name}-${templateHash(
        deployment,
      )}" has successfully progressed.`,
    },
    now,
  );
  return {
    observedGeneration: deployment.metadata?.generation,
    replicas,
    updatedReplicas: replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
    conditions: [available, progressing],
  };
}

/** A stable stand-in for the pod-template-hash of the Deployment's ReplicaSet. */
function templateHash(deployment: V1Deployment): string {
  return stableHex(JSON.stringify(deployment.spec?.template ?? {}), 10);
}
