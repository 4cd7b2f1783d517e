import type {
  V1Deployment,
  V1Scale,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { patchWithPrecondition } from '../client/preconditionPatch';
import {
  MERGE_PATCH,
  type KubernetesRequestOptions,
  type ObjectName,
} from '../client/request';
import type { KubernetesTransport } from '../client/transport';

/**
 * A Deployment or a StatefulSet.
 *
 * @public
 */
export type Workload = V1Deployment | V1StatefulSet;

/** @public */
export type WorkloadKind = 'Deployment' | 'StatefulSet';

/**
 * The replicas to set; with `resourceVersion`, only at that version.
 *
 * @public
 */
export interface ScaleRequest extends ObjectName {
  replicas: number;
  resourceVersion?: string;
}

export async function listWorkloads(
  transport: KubernetesTransport,
  kind: WorkloadKind,
  req: { namespace?: string; labelSelector: string },
  opts?: KubernetesRequestOptions,
): Promise<Workload[]> {
  const list = await transport.request<{ items?: Workload[] }>(
    `list ${kind === 'Deployment' ? 'deployments' : 'statefulsets'}`,
    async (apis, options) => {
      const { namespace, labelSelector } = req;
      if (namespace) {
        return kind === 'Deployment'
          ? apis.apps.listNamespacedDeployment(
              { namespace, labelSelector },
              options,
            )
          : apis.apps.listNamespacedStatefulSet(
              { namespace, labelSelector },
              options,
            );
      }
      return kind === 'Deployment'
        ? apis.apps.listDeploymentForAllNamespaces({ labelSelector }, options)
        : apis.apps.listStatefulSetForAllNamespaces({ labelSelector }, options);
    },
    opts,
  );
  return list.items ?? [];
}

/** Reads a Deployment or StatefulSet (404 is thrown: the caller asked for it by name). */
export function getWorkload(
  transport: KubernetesTransport,
  kind: WorkloadKind,
  req: ObjectName,
  opts?: KubernetesRequestOptions,
): Promise<Workload> {
  return transport.request(
    `get ${kind} ${req.namespace}/${req.name}`,
    (apis, options) =>
      kind === 'Deployment'
        ? apis.apps.readNamespacedDeployment(req, options)
        : apis.apps.readNamespacedStatefulSet(req, options),
    opts,
  );
}

/**
 * Scales a Deployment or StatefulSet with a merge patch of its scale
 * subresource (what a role limited to replicas may do: deploy/rbac,
 * flotilla:workload-mover); with `resourceVersion`, only if the object is
 * still at that version (409 Conflict otherwise).
 */
export function scaleWorkload(
  transport: KubernetesTransport,
  kind: WorkloadKind,
  req: ScaleRequest,
  opts?: KubernetesRequestOptions,
): Promise<V1Scale> {
  const body = {
    ...(req.resourceVersion
      ? { metadata: { resourceVersion: req.resourceVersion } }
      : {}),
    spec: { replicas: req.replicas },
  };
  const target = {
    namespace: req.namespace,
    name: req.name,
    body,
    fieldManager: 'flotilla',
  };
  return transport.request(
    `scale ${kind} ${req.namespace}/${req.name}`,
    (apis, options) =>
      kind === 'Deployment'
        ? apis.apps.patchNamespacedDeploymentScale(target, options)
        : apis.apps.patchNamespacedStatefulSetScale(target, options),
    { ...opts, headers: { 'Content-Type': MERGE_PATCH } },
  );
}

/**
 * Sets a workload's replicas at the resourceVersion just read; a 409 is
 * re-read and retried up to `conflictRetries` times.
 *
 * @public
 */
export async function scaleAtReadVersion(
  transport: KubernetesTransport,
  target: {
    namespace: string;
    kind: WorkloadKind;
    name: string;
    replicas: number;
  },
  opts: KubernetesRequestOptions & { conflictRetries: number },
): Promise<{
  previousReplicas?: number;
  replicas: number;
  resourceVersion?: string;
  attempts: number;
}> {
  const { namespace, name, kind } = target;
  const requestOptions = { signal: opts.signal, timeoutMs: opts.timeoutMs };
  const { current, written, attempts } = await patchWithPrecondition({
    what: `${transport.name}: ${kind} ${namespace}/${name}`,
    conflictRetries: opts.conflictRetries,
    read: () =>
      getWorkload(transport, kind, { namespace, name }, requestOptions),
    write: (_current, resourceVersion) =>
      scaleWorkload(
        transport,
        kind,
        { namespace, name, replicas: target.replicas, resourceVersion },
        requestOptions,
      ),
  });
  return {
    previousReplicas: current.spec?.replicas,
    replicas: written.spec?.replicas ?? target.replicas,
    resourceVersion: written.metadata?.resourceVersion,
    attempts,
  };
}
