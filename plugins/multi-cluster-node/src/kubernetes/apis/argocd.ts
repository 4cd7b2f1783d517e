import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { KubernetesRequestOptions } from '../client/request';
import type { KubernetesTransport } from '../client/transport';
import { getCustomObject, listCustomObjects } from './customObjects';

/**
 * Argo CD's API group (Applications, ApplicationSets).
 *
 * @public
 */
export const ARGOCD_GROUP = 'argoproj.io';

const VERSION = 'v1alpha1';

const applications = {
  group: ARGOCD_GROUP,
  version: VERSION,
  plural: 'applications',
};
const applicationSets = {
  group: ARGOCD_GROUP,
  version: VERSION,
  plural: 'applicationsets',
};

/**
 * The fields of an Argo CD Application spec that Flotilla reads.
 *
 * @public
 */
export interface ArgoCdApplicationSpec {
  source?: { targetRevision?: string };
  sources?: ({ targetRevision?: string } | undefined)[];
  destination?: { name?: string; server?: string };
}

/**
 * The fields of an Argo CD `Application` that Flotilla reads.
 *
 * @public
 */
export interface ArgoCdApplication {
  metadata?: V1ObjectMeta;
  spec?: ArgoCdApplicationSpec;
  status?: {
    sync?: { status?: string; revision?: unknown; revisions?: string[] };
    health?: { status?: string; message?: string };
    operationState?: { phase?: string; message?: string };
  };
}

/**
 * The fields of an Argo CD `ApplicationSet` that Flotilla reads.
 *
 * @public
 */
export interface ArgoCdApplicationSet {
  metadata?: V1ObjectMeta;
  spec?: { template?: { spec?: ArgoCdApplicationSpec } };
  status?: {
    conditions?: {
      type?: string;
      status?: string;
      reason?: string;
      message?: string;
    }[];
  };
}

/**
 * One `Application` by namespace and name.
 *
 * @public
 */
export function getApplication(
  transport: KubernetesTransport,
  ref: { namespace: string; name: string },
  opts?: KubernetesRequestOptions,
): Promise<ArgoCdApplication> {
  return getCustomObject<ArgoCdApplication>(
    transport,
    { ...applications, ...ref },
    opts,
  );
}

/**
 * The `Application`s of a namespace (of all namespaces without one).
 *
 * @public
 */
export async function listApplications(
  transport: KubernetesTransport,
  namespace?: string,
  opts?: KubernetesRequestOptions,
): Promise<ArgoCdApplication[]> {
  const res = await listCustomObjects<ArgoCdApplication>(
    transport,
    { ...applications, namespace },
    opts,
  );
  return res.items ?? [];
}

/**
 * One `ApplicationSet` by namespace and name.
 *
 * @public
 */
export function getApplicationSet(
  transport: KubernetesTransport,
  ref: { namespace: string; name: string },
  opts?: KubernetesRequestOptions,
): Promise<ArgoCdApplicationSet> {
  return getCustomObject<ArgoCdApplicationSet>(
    transport,
    { ...applicationSets, ...ref },
    opts,
  );
}

/**
 * The `ApplicationSet`s of a namespace (of all namespaces without one).
 *
 * @public
 */
export async function listApplicationSets(
  transport: KubernetesTransport,
  namespace?: string,
  opts?: KubernetesRequestOptions,
): Promise<ArgoCdApplicationSet[]> {
  const res = await listCustomObjects<ArgoCdApplicationSet>(
    transport,
    { ...applicationSets, namespace },
    opts,
  );
  return res.items ?? [];
}
