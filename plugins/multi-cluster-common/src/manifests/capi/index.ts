export { generateCapiCluster, CAPI_INFRASTRUCTURE_PROVIDERS } from './cluster';
export {
  capiClusterInputSchema,
  DEFAULT_POD_CIDRS,
  DEFAULT_SERVICE_CIDRS,
  DEFAULT_SERVICE_DOMAIN,
  MAX_CONTROL_PLANE_REPLICAS,
  MAX_WORKER_POOLS,
  MAX_WORKER_REPLICAS,
  SEGMENTATION_LABELS,
} from './types';
export type { CapiClusterInput, NormalizedCapiClusterInput } from './types';
export {
  CAPI_INFRASTRUCTURE_API_VERSIONS,
  CAPI_PROVIDERS,
  infrastructureApiVersion,
} from './versions';
export type { CapiApiVersion, CapiProvider } from './versions';
export { DEFAULT_AUDIT_POLICY } from './audit';
export type {
  InfrastructureProvider,
  KubeadmFile,
  MachineRole,
} from './common';
