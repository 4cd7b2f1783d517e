export type {
  WorkloadKind,
  WorkloadStatus,
  ScaleWorkloadResult,
} from '@flotilla/plugin-multi-cluster-common';
