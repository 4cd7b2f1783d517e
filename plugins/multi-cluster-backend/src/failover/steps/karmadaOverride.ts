import { NotFoundError } from '@backstage/errors';
import {
  mergeReplicaOverrideRules,
  type ReplicaMove,
  replicaOverrideRules,
  SERVICE_ANNOTATIONS,
} from '@flotilla/plugin-multi-cluster-common';
import {
  KarmadaConnector,
  KARMADA_POLICY_GROUP,
  isConflict,
  KubernetesRequestError,
} from '@flotilla/plugin-multi-cluster-node';
import { KarmadaTarget } from '../types';

/** Name of the OverridePolicy Flotilla owns for a service's failovers. */
export function overridePolicyName(kubernetesId: string): string {
  return `flotilla-failover-${kubernetesId}`.slice(0, 253);
}

export function overridePolicyManifest(
  target: KarmadaTarget,
  kubernetesId: string,
  moves: ReplicaMove[],
  runId: string,
) {
  return {
    apiVersion: `${KARMADA_POLICY_GROUP}/v1alpha1`,
    kind: 'OverridePolicy',
    metadata: {
      name: overridePolicyName(kubernetesId),
      namespace: target.namespace,
      labels: {
        'app.kubernetes.io/managed-by': 'flotilla',
        [SERVICE_ANNOTATIONS.kubernetesId]: kubernetesId,
      },
      annotations: { [SERVICE_ANNOTATIONS.failoverRun]: runId },
    },
    spec: {
      resourceSelectors: target.resources.map(r => ({
        apiVersion: r.apiVersion,
        kind: r.kind,
        name: r.name,
        namespace: target.namespace,
      })),
      overrideRules: replicaOverrideRules(moves),
    },
  };
}

/**
 * Applies the moves through the service's OverridePolicy: merge patch with
 * the read `metadata.resourceVersion` (409 → re-read and retry, in the
 * connector), creating the policy when it does not exist yet. The step's
 * signal cancels every request.
 */
export async function applyOverridePolicy(options: {
  karmada: KarmadaConnector;
  target: KarmadaTarget;
  kubernetesId: string;
  moves: ReplicaMove[];
  runId: string;
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<{
  action: 'patched' | 'created';
  name: string;
  namespace: string;
  resourceVersion?: string;
  attempts: number;
}> {
  const { karmada, target, kubernetesId, moves } = options;
  const name = overridePolicyName(kubernetesId);
  for (let round = 0; round < 3; round++) {
    try {
      const { object, attempts } = await karmada.patchOverridePolicy(
        target.namespace,
        name,
        current => ({
          metadata: {
            annotations: { [SERVICE_ANNOTATIONS.failoverRun]: options.runId },
          },
          spec: { overrideRules: mergeReplicaOverrideRules(current, moves) },
        }),
        { signal: options.signal },
      );
      return {
        action: 'patched',
        name,
        namespace: target.namespace,
        resourceVersion: object?.metadata?.resourceVersion,
        attempts,
      };
    } catch (error) {
      if (!(error instanceof NotFoundError)) {
        throw error;
      }
    }
    try {
      const created = await karmada.createOverridePolicy(
        overridePolicyManifest(target, kubernetesId, moves, options.runId),
        { signal: options.signal, timeoutMs: options.timeoutMs },
      );
      return {
        action: 'created',
        name,
        namespace: target.namespace,
        resourceVersion: created?.metadata?.resourceVersion,
        attempts: round + 1,
      };
    } catch (error) {
      // Created concurrently (409 AlreadyExists): patch it on the next round.
      if (isConflict(error)) continue;
      throw error;
    }
  }
  throw new KubernetesRequestError(
    `OverridePolicy ${target.namespace}/${name} kept appearing and disappearing; giving up`,
  );
}
