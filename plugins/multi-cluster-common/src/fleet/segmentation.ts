/**
 * The vocabulary the suite shares for how a fleet is organised.
 *
 * Multi-cluster patterns describe how control planes relate; segmentation
 * axes are the dimensions along which clusters are split (and along which
 * the fleet page filters and placement policies select).
 */
import { CLUSTER_ANNOTATIONS } from './annotations';

/** @public */
export type MultiClusterPattern =
  | 'independent'
  | 'shared-control-plane'
  | 'replicated-control-plane'
  | 'hub-and-spoke';

/** @public */
export interface MultiClusterPatternInfo {
  id: MultiClusterPattern;
  title: string;
  description: string;
  /** Whether one control-plane outage affects every member cluster. */
  controlPlaneIsSharedFailureDomain: boolean;
  /** Typical tooling, for the fleet page's explanations. */
  examples: string[];
}

/** @public */
export const MULTI_CLUSTER_PATTERNS: Record<
  MultiClusterPattern,
  MultiClusterPatternInfo
> = {
  independent: {
    id: 'independent',
    title: 'Independent clusters',
    description:
      'Each cluster is managed and deployed to on its own; consistency comes from pipelines or GitOps per cluster.',
    controlPlaneIsSharedFailureDomain: false,
    examples: ['Argo CD per cluster', 'Flux per cluster'],
  },
  'shared-control-plane': {
    id: 'shared-control-plane',
    title: 'Shared control plane',
    description:
      'One federation control plane decides placement for every member; it is a single point of failure for changes, not for running workloads.',
    controlPlaneIsSharedFailureDomain: true,
    examples: ['Karmada', 'KubeFed (retired)'],
  },
  'replicated-control-plane': {
    id: 'replicated-control-plane',
    title: 'Replicated control plane',
    description:
      'Several control planes, each able to manage the fleet, kept in step so that losing one loses no management capability.',
    controlPlaneIsSharedFailureDomain: false,
    examples: ['Karmada with a standby control plane', 'Argo CD HA pairs'],
  },
  'hub-and-spoke': {
    id: 'hub-and-spoke',
    title: 'Hub and spoke',
    description:
      'A hub cluster holds desired state; agents on the spokes pull it, so spokes keep running and converge again after a hub outage.',
    controlPlaneIsSharedFailureDomain: false,
    examples: [
      'Open Cluster Management',
      'Rancher Fleet',
      'Argo CD ApplicationSet',
    ],
  },
};

/** @public */
export type SegmentationAxis =
  | 'environment'
  | 'region'
  | 'tenant'
  | 'workloadClass'
  | 'infrastructure';

/** @public */
export interface SegmentationAxisInfo {
  id: SegmentationAxis;
  title: string;
  /** The label on clusters that carries this axis. */
  label: string;
  /** Well-known values; others are allowed. */
  knownValues: string[];
}

/** @public */
export const SEGMENTATION_AXES: Record<SegmentationAxis, SegmentationAxisInfo> =
  {
    environment: {
      id: 'environment',
      title: 'Environment',
      label: CLUSTER_ANNOTATIONS.environment,
      knownValues: ['prod', 'staging', 'dev'],
    },
    region: {
      id: 'region',
      title: 'Region',
      label: CLUSTER_ANNOTATIONS.region,
      knownValues: [],
    },
    tenant: {
      id: 'tenant',
      title: 'Tenant',
      label: CLUSTER_ANNOTATIONS.tenant,
      knownValues: ['shared', 'dedicated', 'regulated'],
    },
    workloadClass: {
      id: 'workloadClass',
      title: 'Workload class',
      label: CLUSTER_ANNOTATIONS.workloadClass,
      knownValues: ['latency-sensitive', 'batch', 'gpu', 'general'],
    },
    infrastructure: {
      id: 'infrastructure',
      title: 'Infrastructure provider',
      label: CLUSTER_ANNOTATIONS.provider,
      knownValues: ['aws', 'gcp', 'azure', 'on-prem', 'docker'],
    },
  };
