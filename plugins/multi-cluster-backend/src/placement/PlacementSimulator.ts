import {
  toClusterProfile,
  type ClusterProfile,
  type PlacementAdvice,
  type WorkloadRequirements,
  type ClusterSnapshot,
  type ScheduleRequest,
  type ScheduleResult,
  type KarmadaVersion,
} from '@flotilla/plugin-multi-cluster-common';
import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ReachabilityRequirement } from '@flotilla/plugin-multi-cluster-common';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import {
  callerOf,
  inProcessCompute,
  PlacementCompute,
} from './compute/PlacementWorkerPool';
import type { PlacementObjectives } from './objectives/PlacementObjectives';
import { toClusterSnapshot } from './snapshots';

/**
 * A simulate request: a ScheduleRequest whose clusters are optional. With
 * `controlPlane`, only that Karmada control plane's members are candidates
 * (a PropagationPolicy there can place onto nothing else).
 */
export type SimulateRequest = Omit<ScheduleRequest, 'clusters'> & {
  clusters?: ClusterSnapshot[];
  controlPlane?: string;
};

/** A configured Karmada control plane and the release it runs. */
export interface KarmadaControlPlaneVersion {
  name: string;
  /** e.g. `v1.16.8`; undefined: the newest supported release. */
  version?: KarmadaVersion;
}

/** Where a request names the dependencies its clusters must reach. */
export interface DependencySources {
  /** An entity whose catalog `dependsOn` targets must be reachable. */
  dependenciesOf?: string;
  /** Entity refs that must be reachable (a service not in the catalog yet). */
  dependsOn?: string[];
}

/** Result of a simulation, with which fleet was used. */
export type SimulateResult = ScheduleResult & {
  fleet: 'live' | 'request';
  clusterCount: number;
};

/** True for the scheduler's PlacementError (422 with Karmada's message). */
export function isPlacementError(
  error: unknown,
): error is Error & { code?: string; reason?: string } {
  return (
    error instanceof Error &&
    (error.name === 'PlacementError' ||
      error.constructor?.name === 'PlacementError')
  );
}

/**
 * Runs the Karmada-exact scheduler (and placement advice) on the live fleet,
 * or the scheduler on clusters given in the request.
 */
export class PlacementSimulator {
  constructor(
    private readonly inventory: FleetInventoryService,
    private readonly dependencies?: {
      requirementFor(
        source: { entityRef: string } | { dependsOn: string[] },
        credentials: BackstageCredentials,
      ): Promise<ReachabilityRequirement>;
    },
    /** `multiCluster.karmada[]`: which release each control plane runs. */
    private readonly karmadaControlPlanes: readonly KarmadaControlPlaneVersion[] = [],
    /** Where the scheduler and advice run: the backend's worker pool. */
    private readonly compute: PlacementCompute = inProcessCompute,
    /** Live inputs of advice (Nodes, OpenCost, prices, latency, labels). */
    private readonly inputs?: {
      profiles(clusters: FleetCluster[]): Promise<ClusterProfile[]>;
    },
    /** Objectives backend modules added, evaluated here for the worker. */
    private readonly objectives?: Pick<PlacementObjectives, 'evaluate'>,
  ) {}

  /**
   * The Karmada release a simulation reproduces: the request's, else that
   * of the control plane it names, else the first configured one's;
   * undefined means the newest supported.
   */
  karmadaVersionFor(request: {
    karmadaVersion?: KarmadaVersion;
    controlPlane?: string;
  }): KarmadaVersion | undefined {
    if (request.karmadaVersion) return request.karmadaVersion;
    const planes = this.karmadaControlPlanes;
    const named = planes.find(plane => plane.name === request.controlPlane);
    return (named ?? planes[0])?.version;
  }

  /**
   * A request's reachability requirement: its explicit dependencies, those
   * of `dependenciesOf` (that entity's catalog `dependsOn` relations) and
   * where each `dependsOn` ref runs (for a service not in the catalog yet).
   */
  async reachabilityOf(
    request: {
      reachability?: ReachabilityRequirement;
      dependenciesOf?: string;
      dependsOn?: string[];
    },
    credentials: BackstageCredentials,
  ): Promise<ReachabilityRequirement | undefined> {
    const { reachability, dependenciesOf, dependsOn } = request;
    if (!reachability && !dependenciesOf && !dependsOn?.length) {
      return undefined;
    }
    const resolver = this.dependencies;
    if ((dependenciesOf || dependsOn?.length) && !resolver) {
      throw new Error('Resolving dependencies needs the catalog');
    }
    const resolved = await Promise.all([
      dependenciesOf
        ? resolver!.requirementFor({ entityRef: dependenciesOf }, credentials)
        : undefined,
      dependsOn?.length
        ? resolver!.requirementFor({ dependsOn }, credentials)
        : undefined,
    ]);
    return {
      dependencies: [
        ...(reachability?.dependencies ?? []),
        ...resolved.flatMap(r => r?.dependencies ?? []),
      ],
    };
  }

  /** The live fleet as scheduler snapshots. */
  async liveSnapshots(
    predicate: (c: FleetCluster) => boolean = () => true,
  ): Promise<ClusterSnapshot[]> {
    return (await this.inventory.getClusters())
      .filter(predicate)
      .map(toClusterSnapshot);
  }

  /**
   * Karmada's decision for a request; with `credentials`, the request's
   * dependency sources are resolved into its reachability requirement.
   */
  async simulate(
    request: SimulateRequest & DependencySources,
    predicate?: (c: FleetCluster) => boolean,
    credentials?: BackstageCredentials,
  ): Promise<SimulateResult> {
    const {
      dependenciesOf: _of,
      dependsOn: _on,
      controlPlane,
      ...scheduleRequest
    } = request;
    const reachability = credentials
      ? await this.reachabilityOf(request, credentials)
      : request.reachability;
    const live = !request.clusters;
    const inControlPlane = (c: FleetCluster) =>
      !controlPlane || c.karmada?.controlPlane === controlPlane;
    const clusters =
      request.clusters ??
      (await this.liveSnapshots(
        c => inControlPlane(c) && (predicate ? predicate(c) : true),
      ));
    const result = await this.compute.run(callerOf(credentials), 'schedule', {
      ...scheduleRequest,
      karmadaVersion: this.karmadaVersionFor(request),
      reachability,
      clusters,
    } as ScheduleRequest);
    return {
      ...result,
      fleet: live ? 'live' : 'request',
      clusterCount: clusters.length,
    };
  }

  /** The live fleet as advice sees it (only clusters `predicate` admits). */
  async profiles(
    predicate: (c: FleetCluster) => boolean = () => true,
  ): Promise<ClusterProfile[]> {
    const clusters = (await this.inventory.getClusters()).filter(predicate);
    return this.inputs
      ? this.inputs.profiles(clusters)
      : clusters.map(toClusterProfile);
  }

  /** Placement advice on the live fleet (only clusters `predicate` admits). */
  async recommend(
    requirements: WorkloadRequirements & { limit?: number } & DependencySources,
    predicate: (c: FleetCluster) => boolean = () => true,
    credentials?: BackstageCredentials,
  ): Promise<PlacementAdvice> {
    return (await this.recommendOnFleet(requirements, predicate, credentials))
      .advice;
  }

  /** Placement advice, and the fleet (as advice saw it) it was computed on. */
  async recommendOnFleet(
    requirements: WorkloadRequirements & { limit?: number } & DependencySources,
    predicate: (c: FleetCluster) => boolean = () => true,
    credentials?: BackstageCredentials,
  ): Promise<{ advice: PlacementAdvice; fleet: ClusterProfile[] }> {
    const {
      limit,
      dependenciesOf: _of,
      dependsOn: _on,
      ...rest
    } = requirements;
    const workload: WorkloadRequirements = {
      ...rest,
      reachability: credentials
        ? await this.reachabilityOf(requirements, credentials)
        : requirements.reachability,
    };
    const fleet = await this.profiles(predicate);
    const advice = await this.compute.run(
      callerOf(credentials),
      'recommend',
      workload,
      fleet,
      {
        limit,
        evaluated: this.objectives?.evaluate(workload, fleet),
      },
    );
    return { advice, fleet };
  }
}
