/**
 * Node library of the Flotilla multi-cluster plugin: the Kubernetes client
 * layer, the Karmada, Cluster API and Open Cluster Management cluster
 * sources and the inventory's
 * merge rules, shared by `@flotilla/plugin-multi-cluster-backend` and its
 * modules.
 *
 * @packageDocumentation
 */

export {
  createClusterSources,
  createControlPlaneConnectors,
  mergeClusterRecords,
  type ClusterSource,
} from './clusterSources';
export {
  readMultiClusterConfig,
  type ConfigClusterConfig,
  type ControlPlaneConfig,
  type KarmadaControlPlaneConfig,
  type MultiClusterConfig,
  type PlacementWorkersConfig,
} from './config';
export type {
  ClusterAccess,
  ClusterCapacity,
  ClusterCondition,
  ClusterConflict,
  ClusterHealth,
  ClusterHealthEvidence,
  ClusterHealthSource,
  ClusterHealthStatus,
  ClusterLifecycle,
  ClusterListFilter,
  ClusterListResult,
  ClusterRecord,
  ClusterSourceRef,
  ClusterSourceType,
  ClusterTaint,
  FleetCluster,
  FleetConnector,
  MachineDeploymentSummary,
  PlacedWorkload,
  RefreshSummary,
  StoredCluster,
} from './inventory/types';
export { mergeRecords, type MergedCluster } from './inventory/merge';
export { clusterHealthVerdict } from './inventory/health';
export { boundProblems, describeProblems } from './inventory/findings';
export {
  segmentationFromMetadata,
  withShortLabels,
} from './inventory/segmentation';
export { KarmadaConnector } from './inventory/connectors/KarmadaConnector';
export { ClusterApiConnector } from './inventory/connectors/ClusterApiConnector';
export { OcmHubConnector } from './inventory/connectors/OcmHubConnector';
export {
  OCM_CLAIMS,
  OCM_CLUSTERSET_LABEL,
} from './inventory/connectors/ocm/vocabulary';
export * from './kubernetes';
export {
  ClusterClientFactory,
  type ClusterClientOptions,
} from './kubernetes/ClusterClientFactory';
export {
  authProviderOf,
  ClusterCredentials,
  USER_DELEGATED_AUTH_PROVIDERS,
  userAuthProviderOf,
} from './credentials/ClusterCredentials';
export {
  CLIENT_CERTIFICATE_KEYS,
  ClientCertificateStrategy,
} from './credentials/ClientCertificateStrategy';
export {
  clusterDetailsOf,
  readAuthMetadata,
} from './credentials/clusterDetails';
export {
  KUBERNETES_AUTH_HEADER_PREFIX,
  kubernetesRequestAuthFromHeaders,
} from './credentials/requestAuth';
export {
  multiClusterAuthStrategyExtensionPoint,
  multiClusterTrafficProvidersExtensionPoint,
  multiClusterPlacementExtensionPoint,
  type MultiClusterAuthStrategyExtensionPoint,
  type MultiClusterTrafficProvidersExtensionPoint,
  type MultiClusterPlacementExtensionPoint,
} from './extensions';
export {
  trafficServes,
  type TrafficEndpoint,
  type TrafficProvider,
  type TrafficProviderFactory,
  type TrafficState,
} from './traffic';
export { scaleAtReadVersion } from './kubernetes/apis/apps';
export {
  CAPI_CONTROLPLANE_GROUP,
  CAPI_GROUP,
  countOf,
  deleteCapiObject,
  patchCapiObject,
  type CapiChange,
  type CapiObject,
} from './kubernetes/apis/clusterApi';
export {
  KARMADA_CLUSTER_GROUP,
  KARMADA_POLICY_GROUP,
  KARMADA_WORK_GROUP,
} from './kubernetes/apis/karmada';
export type * from './kubernetes/apis/karmadaTypes';
export { requestSignal, type RequestSignal } from './kubernetes/client/request';
export { hasControlCharacters, sanitizeForLog } from './util/sanitize';
export { errorMessage } from './util/errorMessage';
export * from './kubernetes/apis/argocd';
export * from './kubernetes/apis/mcs';
export * from './kubernetes/apis/ocm';
