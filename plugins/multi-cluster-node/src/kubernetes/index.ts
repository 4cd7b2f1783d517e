/**
 * The plugin's one Kubernetes layer, as its callers import it: the client
 * of one API server (`client/`: transport, errors, kubeconfig, connection
 * pool, guarded writes) and the API group modules over
 * `@kubernetes/client-node` (`apis/`: core, apps, apiextensions, custom
 * objects, Karmada, Cluster API).
 */
export { KubernetesClient } from './client/KubernetesClient';
export {
  CredentialsUnavailableError,
  isConflict,
  isNotFound,
  isTrustFailure,
  isUnauthorized,
  KubernetesRequestError,
  toKubernetesError,
} from './client/errors';
export {
  buildKubeConfig,
  type KubeConfigSource,
  type KubernetesEndpoint,
} from './client/kubeConfig';
export {
  MERGE_PATCH,
  PARTIAL_METADATA_ACCEPT,
  PARTIAL_METADATA_LIST_ACCEPT,
  type KubernetesRequestOptions,
  type ObjectName,
} from './client/request';
export { patchWithPrecondition } from './client/preconditionPatch';
export type {
  CustomObject,
  CustomObjectList,
  CustomObjectRef,
  CustomResource,
} from './apis/customObjects';
export type { ScaleRequest, Workload, WorkloadKind } from './apis/apps';
export type { SecretKeyRequest } from './apis/core';
export type {
  ApiClients,
  KubernetesTransport,
  TransportOptions,
} from './client/transport';
export type { PreconditionPatch, Versioned } from './client/preconditionPatch';
