import type { LoggerService } from '@backstage/backend-plugin-api';
import { isNotFound } from '../client/errors';
import { patchWithPrecondition } from '../client/preconditionPatch';
import type { KubernetesRequestOptions } from '../client/request';
import type { KubernetesTransport } from '../client/transport';
import {
  deleteCustomObject,
  getCustomObject,
  listCustomObjects,
  mergePatchCustomObject,
  type CustomObjectRef,
} from './customObjects';
import type { ServedObjectMeta } from './karmadaTypes';

/**
 * Cluster API's groups: clusters and machines, and kubeadm control planes.
 *
 * @public
 */
export const CAPI_GROUP = 'cluster.x-k8s.io';
/** @public */
export const CAPI_CONTROLPLANE_GROUP = 'controlplane.cluster.x-k8s.io';
/** The served versions Flotilla reads, newest first. */
export const CAPI_VERSIONS = ['v1beta2', 'v1beta1'] as const;
export type CapiVersion = (typeof CAPI_VERSIONS)[number];

/**
 * The fields of Cluster API objects (Cluster, KubeadmControlPlane,
 * MachineDeployment) that Flotilla reads; counts are checked where read.
 *
 * @public
 */
export interface CapiObject {
  apiVersion?: string;
  kind?: string;
  metadata: ServedObjectMeta;
  spec?: {
    replicas?: unknown;
    version?: string;
    clusterName?: string;
    controlPlaneRef?: { name?: string };
    topology?: { version?: string };
    infrastructureRef?: { kind?: string };
    template?: { spec?: { version?: string } };
  };
  status?: {
    phase?: string;
    version?: string;
    ready?: boolean;
    initialization?: { controlPlaneInitialized?: boolean };
    conditions?: unknown;
    deprecated?: { v1beta1?: Record<string, unknown> };
    [field: string]: unknown;
  };
}

/**
 * A count as served, or undefined when it is not a number.
 *
 * @public
 */
export function countOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * Lists a kind in the first served version, `preferred` first (a 404 means
 * the version is not served: the next is tried), in each of `namespaces`
 * or in all of them.
 */
export async function listCapiObjects(
  management: KubernetesTransport,
  req: {
    group: string;
    plural: string;
    preferred?: CapiVersion;
    namespaces?: string[];
  },
  opts?: KubernetesRequestOptions,
): Promise<{ version: CapiVersion; items: CapiObject[] }> {
  const versions = req.preferred
    ? [req.preferred, ...CAPI_VERSIONS.filter(v => v !== req.preferred)]
    : [...CAPI_VERSIONS];
  const scopes = req.namespaces?.length ? req.namespaces : [undefined];
  let lastError: unknown;
  for (const version of versions) {
    try {
      const items: CapiObject[] = [];
      for (const namespace of scopes) {
        const res = await listCustomObjects<CapiObject>(
          management,
          { group: req.group, version, plural: req.plural, namespace },
          opts,
        );
        items.push(...(res.items ?? []));
      }
      return { version, items };
    } catch (error) {
      lastError = error;
      if (isNotFound(error)) continue;
      throw error;
    }
  }
  throw lastError;
}

/**
 * The change to a Cluster API object, computed from the object as read.
 *
 * @public
 */
export type CapiChange<T> = (current: CapiObject) => {
  body: { metadata?: object; [field: string]: unknown };
  result: T;
};

/**
 * Merge-patches a Cluster API object at the resourceVersion it read
 * ({@link patchWithPrecondition}); `build` computes the body and the
 * result from the object as read (and may refuse it by throwing).
 *
 * @public
 */
export async function patchCapiObject<T>(
  management: KubernetesTransport,
  target: CustomObjectRef,
  build: CapiChange<T>,
  options: {
    /** Names the management cluster in the not-found message. */
    managementCluster: string;
    conflictRetries: number;
    logger?: Pick<LoggerService, 'info'>;
  },
): Promise<{ result: T; resourceVersion?: string; attempts: number }> {
  let result: T | undefined;
  const what = `${target.plural} ${target.namespace}/${target.name}`;
  const { written, attempts } = await patchWithPrecondition({
    what,
    conflictRetries: options.conflictRetries,
    logger: options.logger,
    notFoundMessage: `${what} not found on ${options.managementCluster}`,
    read: () => getCustomObject<CapiObject>(management, target),
    write: (current, resourceVersion) => {
      const built = build(current);
      result = built.result;
      return mergePatchCustomObject<CapiObject>(management, {
        ...target,
        body: {
          ...built.body,
          metadata: { ...built.body.metadata, resourceVersion },
        },
      });
    },
  });
  return {
    result: result as T,
    resourceVersion: written?.metadata?.resourceVersion,
    attempts,
  };
}

/**
 * Deletes an object at the resourceVersion just read (never a newer one).
 *
 * @public
 */
export async function deleteCapiObject(
  management: KubernetesTransport,
  target: CustomObjectRef,
): Promise<void> {
  const current = await getCustomObject<CapiObject>(management, target);
  await deleteCustomObject(management, {
    ...target,
    resourceVersion: current.metadata?.resourceVersion,
  });
}
