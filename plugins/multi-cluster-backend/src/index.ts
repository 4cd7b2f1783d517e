/**
 * Flotilla multi-cluster backend: fleet inventory, placement and cluster
 * lifecycle.
 *
 * @packageDocumentation
 */

export { multiClusterPlugin as default } from './plugin';
export type { FleetInventoryService } from './inventory/FleetInventory';
export type {
  ClusterAccess,
  ClusterCapacity,
  ClusterCondition,
  ClusterConflict,
  ClusterHealth,
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
} from '@flotilla/plugin-multi-cluster-node';
export type {
  HistoryEntry,
  HistoryRecorder,
  HistoryStatus,
  NewHistoryEntry,
} from './database/MultiClusterStore';
export type { WorkloadOperations } from './workloads/WorkloadService';
export type {
  ScaleWorkloadResult,
  WorkloadKind,
  WorkloadStatus,
} from './workloads/types';
export type {
  ClusterLifecycleProvider,
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterAnswer,
  UpgradeClusterResult,
} from './lifecycle/types';
export type { UpgradeOperations } from './lifecycle/upgrade/ClusterUpgradeWorker';
export type {
  ObservedCluster,
  ObservedMachineDeployment,
} from './lifecycle/upgrade/observedCluster';
export type {
  ClusterWorkloads,
  EntityPlacement,
  KarmadaDesiredPlacement,
  KarmadaPolicyMatch,
} from './placement/EntityPlacementService';
export {
  MutationRecorder,
  type MutationOptions,
} from './history/MutationRecorder';
export {
  clusterPermissionResourceRef,
  clusterPermissionRules,
  hasLabel,
  isInRegion,
  isProvider,
  type ClusterQuery,
} from './permissions/rules';
export {
  clusterConditions,
  createClusterConditionalDecision,
} from './permissions/conditions';
