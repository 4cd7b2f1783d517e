import { CustomObjectsApi } from '@kubernetes/client-node';
import { NotFoundError } from '@backstage/errors';
import {
  mergeReplicaOverrideRules,
  type ReplicaMove,
  replicaOverrideRules,
} from '@flotilla/plugin-multi-cluster-common';
import {
  KARMADA_POLICY_GROUP,
  KarmadaConnector,
} from '../../inventory/connectors/KarmadaConnector';
import { KubernetesRequestError } from '../../kubernetes/KubernetesClient';
import { kubernetesRequest } from './kubernetesRequest';
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
        'backstage.io/kubernetes-id': kubernetesId,
      },
      annotations: { 'flotilla.io/failover-run': runId },
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

async function createOverridePolicy(
  karmada: KarmadaConnector,
  body: ReturnType<typeof overridePolicyManifest>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ metadata?: { resourceVersion?: string } } | undefined> {
  const api = karmada.client.kubeConfig.makeApiClient(CustomObjectsApi);
  return kubernetesRequest(
    `karmada:${karmada.name}: create overridepolicies.${KARMADA_POLICY_GROUP}/v1alpha1 ${body.metadata.namespace}/${body.metadata.name}`,
    options =>
      api.createNamespacedCustomObject(
        {
          group: KARMADA_POLICY_GROUP,
          version: 'v1alpha1',
          plural: 'overridepolicies',
          namespace: body.metadata.namespace,
          body,
          fieldManager: 'flotilla',
        },
        options,
      ),
    { signal, timeoutMs },
  );
}

/**
 * Applies the moves through the service's OverridePolicy: merge patch with
 * the read `metadata.resourceVersion` (409 → re-read and retry, in the
 * connector), creating the policy when it does not exist yet.
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
            annotations: { 'flotilla.io/failover-run': options.runId },
          },
          spec: { overrideRules: mergeReplicaOverrideRules(current, moves) },
        }),
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
      const created = await createOverridePolicy(
        karmada,
        overridePolicyManifest(target, kubernetesId, moves, options.runId),
        options.signal,
        options.timeoutMs,
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
      if (error instanceof KubernetesRequestError && error.statusCode === 409) {
        continue;
      }
      throw error;
    }
  }
  throw new KubernetesRequestError(
    `OverridePolicy ${target.namespace}/${name} kept appearing and disappearing; giving up`,
  );
}
