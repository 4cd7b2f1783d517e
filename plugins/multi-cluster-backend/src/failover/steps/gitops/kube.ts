import {
  isNotFound,
  MERGE_PATCH,
  patchWithPrecondition,
  type KubernetesTransport,
} from '@flotilla/plugin-multi-cluster-node';
import { StepContext, StepError } from '../types';

/** A kind of GitOps object, as the custom objects API names it. */
export interface GitopsResource {
  group: string;
  version: string;
  plural: string;
  /** For messages, e.g. `Argo CD application`. */
  label: string;
}

export const ARGO_APPLICATIONS: GitopsResource = {
  group: 'argoproj.io',
  version: 'v1alpha1',
  plural: 'applications',
  label: 'Argo CD application',
};
export const ARGO_APPLICATION_SETS: GitopsResource = {
  group: 'argoproj.io',
  version: 'v1alpha1',
  plural: 'applicationsets',
  label: 'Argo CD ApplicationSet',
};
export const FLUX_KUSTOMIZATIONS: GitopsResource = {
  group: 'kustomize.toolkit.fluxcd.io',
  version: 'v1',
  plural: 'kustomizations',
  label: 'Flux Kustomization',
};

export interface ObjectAt {
  client: KubernetesTransport;
  cluster: string;
  resource: GitopsResource;
  namespace: string;
  name: string;
}

/**
 * The client of the cluster GitOps objects live on: a fleet cluster
 * (its stored access) or, failing that, a configured Cluster API
 * management cluster, as the add-on sources resolve theirs.
 */
export async function gitopsClient(
  ctx: StepContext,
  cluster: string,
  setting: string,
): Promise<KubernetesTransport> {
  const { clients, inventory } = ctx.deps;
  const access = await inventory.getAccess(cluster);
  const client =
    clients?.forCluster(cluster, access) ??
    clients?.forControlPlane('cluster-api', cluster);
  if (!client) {
    throw new StepError(
      `${setting} names ${cluster}, which is neither a fleet cluster this backend reaches nor a multiCluster.clusterApi management cluster`,
      { retryable: false },
    );
  }
  return client;
}

const describe = (o: ObjectAt) =>
  `${o.resource.label} ${o.namespace}/${o.name} on ${o.cluster}`;

/** Reads one object; a missing one fails the step (it was declared). */
export async function readObject<T>(ctx: StepContext, o: ObjectAt): Promise<T> {
  const { group, version, plural } = o.resource;
  try {
    return await o.client.request<T>(
      `get ${describe(o)}`,
      (apis, options) =>
        apis.custom.getNamespacedCustomObject(
          { group, version, plural, namespace: o.namespace, name: o.name },
          options,
        ) as Promise<T>,
      { signal: ctx.signal, timeoutMs: ctx.timeoutMs },
    );
  } catch (error) {
    if (isNotFound(error)) {
      throw new StepError(`${describe(o)} does not exist`, {
        retryable: false,
      });
    }
    throw error;
  }
}

/**
 * Merge-patches what `change` computes from the object as read, at the
 * resourceVersion read (a 409 is re-read and computed again); nothing is
 * written when `change` answers undefined. Answers the resourceVersion.
 */
export async function patchAtReadVersion<T extends object>(
  ctx: StepContext,
  o: ObjectAt,
  change: (current: T) => object | undefined,
): Promise<string | undefined> {
  const { group, version, plural } = o.resource;
  const { written } = await patchWithPrecondition<
    T & { metadata?: { resourceVersion?: string } },
    T & { metadata?: { resourceVersion?: string } }
  >({
    what: describe(o),
    conflictRetries: ctx.deps.conflictRetries ?? 3,
    read: () => readObject(ctx, o),
    write: async (current, resourceVersion) => {
      const body = change(current);
      if (!body) return current;
      return o.client.request(
        `patch ${describe(o)}`,
        (apis, options) =>
          apis.custom.patchNamespacedCustomObject(
            {
              group,
              version,
              plural,
              namespace: o.namespace,
              name: o.name,
              body: { ...body, metadata: { resourceVersion } },
              fieldManager: 'flotilla',
            },
            options,
          ),
        {
          signal: ctx.signal,
          timeoutMs: ctx.timeoutMs,
          headers: { 'Content-Type': MERGE_PATCH },
        },
      );
    },
  });
  return written.metadata?.resourceVersion;
}
