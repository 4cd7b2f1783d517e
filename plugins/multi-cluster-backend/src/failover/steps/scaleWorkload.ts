import { AppsV1Api } from '@kubernetes/client-node';
import { ConflictError } from '@backstage/errors';
import {
  KubernetesClient,
  KubernetesRequestError,
  MERGE_PATCH,
} from '../../kubernetes/KubernetesClient';
import { kubernetesRequest } from './kubernetesRequest';

/**
 * Sets `spec.replicas` of a Deployment/StatefulSet with a merge patch that
 * carries the `metadata.resourceVersion` just read; a 409 is re-read and
 * retried up to `conflictRetries` times.
 */
export async function scaleWithResourceVersion(
  client: KubernetesClient,
  target: {
    namespace: string;
    kind: 'Deployment' | 'StatefulSet';
    name: string;
    replicas: number;
  },
  opts: { signal?: AbortSignal; timeoutMs: number; conflictRetries: number },
): Promise<{
  previousReplicas?: number;
  replicas: number;
  resourceVersion?: string;
  attempts: number;
}> {
  const apps = client.kubeConfig.makeApiClient(AppsV1Api);
  const { namespace, name, kind } = target;
  const what = `${client.name}: ${kind} ${namespace}/${name}`;
  const max = Math.max(1, opts.conflictRetries + 1);
  for (let attempt = 1; attempt <= max; attempt++) {
    const current = await kubernetesRequest(
      `${what}: read`,
      options =>
        kind === 'Deployment'
          ? apps.readNamespacedDeployment({ namespace, name }, options)
          : apps.readNamespacedStatefulSet({ namespace, name }, options),
      opts,
    );
    const body = {
      metadata: { resourceVersion: current?.metadata?.resourceVersion },
      spec: { replicas: target.replicas },
    };
    try {
      const patched = await kubernetesRequest(
        `${what}: scale`,
        options =>
          // The scale subresource: Flotilla's role may change replicas
          // and nothing else (deploy/rbac, flotilla:workload-mover).
          kind === 'Deployment'
            ? apps.patchNamespacedDeploymentScale(
                { namespace, name, body, fieldManager: 'flotilla' },
                options,
              )
            : apps.patchNamespacedStatefulSetScale(
                { namespace, name, body, fieldManager: 'flotilla' },
                options,
              ),
        { ...opts, headers: { 'Content-Type': MERGE_PATCH } },
      );
      return {
        previousReplicas: current?.spec?.replicas,
        replicas: patched?.spec?.replicas ?? target.replicas,
        resourceVersion: patched?.metadata?.resourceVersion,
        attempts: attempt,
      };
    } catch (error) {
      if (
        error instanceof KubernetesRequestError &&
        error.statusCode === 409 &&
        attempt < max
      ) {
        continue;
      }
      if (error instanceof KubernetesRequestError && error.statusCode === 409) {
        throw new ConflictError(
          `${what} was modified concurrently ${max} times; giving up`,
        );
      }
      throw error;
    }
  }
  throw new ConflictError('unreachable');
}
