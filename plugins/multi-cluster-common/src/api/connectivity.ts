/**
 * What the connectivity routes return: GET /connectivity (cluster sets,
 * fabric findings, borrowed capacity), GET /addons, and
 * GET /entities/:kind/:namespace/:name/exposure.
 */
import type {
  AddonCoverage,
  FabricKind,
  VirtualNode,
} from '../connectivity/types';
import type { ResourceList } from '../scheduling/types';

/** @public */
export interface ClusterSetSummary {
  name: string;
  fabrics: FabricKind[];
  clusters: string[];
  /** True when every member has Globalnet (overlapping CIDRs are translated). */
  globalnet: boolean;
}

/**
 * A connectivity problem in the fleet, e.g. `cidr-overlap`.
 *
 * @public
 */
export interface ConnectivityFinding {
  id: 'cidr-overlap' | 'gateway-down' | 'peer-not-connected' | string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  title: string;
  detail: string;
  clusters: string[];
  clusterSet?: string;
}

/** Capacity a cluster offers through virtual nodes, by peer. @public */
export interface BorrowedCapacity {
  cluster: string;
  /** Capacity of the cluster's own nodes. */
  own?: ResourceList;
  virtualNodes: VirtualNode[];
  /**
   * Capacity counted for this cluster in placement estimates: its own, plus
   * what it borrows from peers outside the fleet (a peer in the fleet is
   * counted once, as itself).
   */
  effective?: ResourceList;
}

/** GET /connectivity. @public */
export interface FleetConnectivityReport {
  clusterSets: ClusterSetSummary[];
  /** Clusters that belong to no cluster set. */
  isolated: string[];
  findings: ConnectivityFinding[];
  borrowed: BorrowedCapacity[];
  /** Fleet totals with every node counted once. */
  fleetCapacity: ResourceList;
  /**
   * Inputs the report could not use (a quantity that does not parse, a
   * virtual node peer id claimed by several clusters), one sentence each.
   */
  errors?: string[];
}

/** GET /addons. @public */
export interface AddonCoverageReport {
  addons: AddonCoverage[];
}

/** One MCS-exported service of an entity. @public */
export interface ExportedService {
  namespace: string;
  name: string;
  /** `<name>.<namespace>.svc.clusterset.local`. */
  clusterSetHost: string;
  /** Clusters holding a valid ServiceExport. */
  exportedFrom: string[];
  /** Clusters whose workloads can resolve and reach the export. */
  reachableFrom: string[];
  /** Export problems (invalid, conflicting), one sentence each. */
  problems: string[];
}

/** A dependency (`dependsOn`) of an entity and whether it is reachable. @public */
export interface DependencyReachability {
  entityRef: string;
  /** Clusters the dependency runs on. */
  clusters: string[];
  /** Clusters of the entity that share no cluster set with any of them. */
  unreachableFrom: string[];
}

/** GET /entities/:kind/:namespace/:name/exposure. @public */
export interface EntityExposure {
  entityRef: string;
  exports: ExportedService[];
  dependencies: DependencyReachability[];
  /** What could not be read (bad annotations, unreadable dependencies). */
  problems?: string[];
}
