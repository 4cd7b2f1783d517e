import type { LoggerService } from '@backstage/backend-plugin-api';
import { patchWithPrecondition } from '../client/preconditionPatch';
import type { KubernetesRequestOptions } from '../client/request';
import type { KubernetesTransport } from '../client/transport';
import { isNotFound } from '../client/errors';
import {
  createCustomObject,
  deleteCustomObject,
  getCustomObject,
  listCustomObjects,
  mergePatchCustomObject,
} from './customObjects';
import type {
  KarmadaCluster,
  OverridePolicy,
  PropagationPolicy,
  ResourceBinding,
} from './karmadaTypes';

/**
 * Karmada's API groups: member clusters, policies, bindings.
 *
 * @public
 */
export const KARMADA_CLUSTER_GROUP = 'cluster.karmada.io';
/** @public */
export const KARMADA_POLICY_GROUP = 'policy.karmada.io';
/** @public */
export const KARMADA_WORK_GROUP = 'work.karmada.io';

const POLICY_VERSION = 'v1alpha1';

const overridePolicies = {
  group: KARMADA_POLICY_GROUP,
  version: POLICY_VERSION,
  plural: 'overridepolicies',
};

/** The member `Cluster`s of a control plane. */
export async function listKarmadaClusters(
  karmada: KubernetesTransport,
  opts?: KubernetesRequestOptions,
): Promise<KarmadaCluster[]> {
  const { items } = await listCustomObjects<KarmadaCluster>(
    karmada,
    { group: KARMADA_CLUSTER_GROUP, version: 'v1alpha1', plural: 'clusters' },
    opts,
  );
  return Array.isArray(items) ? items : [];
}

export async function listResourceBindings(
  karmada: KubernetesTransport,
  namespace?: string,
  opts?: KubernetesRequestOptions,
): Promise<ResourceBinding[]> {
  const res = await listCustomObjects<ResourceBinding>(
    karmada,
    {
      group: KARMADA_WORK_GROUP,
      version: 'v1alpha2',
      plural: 'resourcebindings',
      namespace,
    },
    opts,
  );
  return res.items ?? [];
}

async function listPolicies<T>(
  karmada: KubernetesTransport,
  plural: string,
  namespace?: string,
): Promise<T[]> {
  const res = await listCustomObjects<T>(karmada, {
    group: KARMADA_POLICY_GROUP,
    version: POLICY_VERSION,
    plural,
    namespace,
  });
  return res.items ?? [];
}

export function listPropagationPolicies(
  karmada: KubernetesTransport,
  namespace?: string,
): Promise<PropagationPolicy[]> {
  return listPolicies(karmada, 'propagationpolicies', namespace);
}

export function listClusterPropagationPolicies(
  karmada: KubernetesTransport,
): Promise<PropagationPolicy[]> {
  return listPolicies(karmada, 'clusterpropagationpolicies');
}

export function listOverridePolicies(
  karmada: KubernetesTransport,
  namespace?: string,
): Promise<OverridePolicy[]> {
  return listPolicies(karmada, 'overridepolicies', namespace);
}

/** One OverridePolicy, or undefined when there is none with the name. */
export async function getOverridePolicy(
  karmada: KubernetesTransport,
  req: { namespace: string; name: string },
  opts?: KubernetesRequestOptions,
): Promise<OverridePolicy | undefined> {
  try {
    return await getCustomObject<OverridePolicy>(
      karmada,
      { ...overridePolicies, ...req },
      opts,
    );
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * Deletes an OverridePolicy only at the resourceVersion it was read at (a
 * policy changed since is kept: 409); one already gone is not an error.
 */
export async function deleteOverridePolicy(
  karmada: KubernetesTransport,
  req: { namespace: string; name: string; resourceVersion: string },
  opts?: KubernetesRequestOptions,
): Promise<void> {
  try {
    await deleteCustomObject(karmada, { ...overridePolicies, ...req }, opts);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** Creates an OverridePolicy (409 AlreadyExists when one has the name). */
export function createOverridePolicy(
  karmada: KubernetesTransport,
  body: OverridePolicy & { metadata: { name: string; namespace: string } },
  opts?: KubernetesRequestOptions,
): Promise<OverridePolicy> {
  return createCustomObject<OverridePolicy>(
    karmada,
    {
      ...overridePolicies,
      namespace: body.metadata.namespace,
      name: body.metadata.name,
      body,
    },
    opts,
  );
}

/**
 * Merge-patches an OverridePolicy at the resourceVersion it read
 * ({@link patchWithPrecondition}: 409 → re-read, bounded); a missing
 * policy is a NotFoundError.
 */
export async function patchOverridePolicy(
  karmada: KubernetesTransport,
  req: {
    namespace: string;
    name: string;
    /** Names the control plane in the not-found message. */
    controlPlane: string;
    conflictRetries: number;
    build: (current: OverridePolicy) => OverridePolicy;
    logger?: Pick<LoggerService, 'info'>;
  },
  opts?: KubernetesRequestOptions,
): Promise<{ object: OverridePolicy; attempts: number }> {
  const target = {
    ...overridePolicies,
    namespace: req.namespace,
    name: req.name,
  };
  const what = `OverridePolicy ${req.namespace}/${req.name}`;
  const { written, attempts } = await patchWithPrecondition({
    what,
    conflictRetries: req.conflictRetries,
    notFoundMessage: `${what} not found on Karmada ${req.controlPlane}`,
    read: () => getCustomObject<OverridePolicy>(karmada, target, opts),
    write: (current, resourceVersion) => {
      const body = req.build(current);
      return mergePatchCustomObject<OverridePolicy>(
        karmada,
        {
          ...target,
          body: { ...body, metadata: { ...body.metadata, resourceVersion } },
        },
        opts,
      );
    },
  });
  return { object: written, attempts };
}
