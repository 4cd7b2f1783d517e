import type {
  ClusterConnectivity,
  ClusterNetworks,
  FabricMembership,
  ResourceList,
  VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import {
  boundProblems,
  type KubernetesClient,
  KubernetesRequestError,
} from '@flotilla/plugin-multi-cluster-node';
import { withDeadline } from '../util/deadline';
import { CiliumClusterMeshDetector } from './detectors/CiliumClusterMeshDetector';
import { describeDetectorError } from './detectors/errors';
import { IstioDetector } from './detectors/IstioDetector';
import { McsDetector } from './detectors/McsDetector';
import { NetworksDetector } from './detectors/NetworksDetector';
import { SubmarinerDetector } from './detectors/SubmarinerDetector';
import type { ConnectivityDetector, DetectorResult } from './detectors/types';
import { VirtualNodeDetector } from './detectors/VirtualNodeDetector';

/** Most `connectivity.errors` lines of one inspection, and their longest. */
const MAX_CONNECTIVITY_ERRORS = 50;
const MAX_CONNECTIVITY_ERROR_LENGTH = 500;

/** What the API of one cluster shows about its connectivity and capacity. */
export interface ConnectivityInspection {
  connectivity: ClusterConnectivity;
  virtualNodes: VirtualNode[];
  /** Allocatable of the cluster's own nodes (virtual nodes excluded); absent when Nodes could not be read. */
  ownAllocatable?: ResourceList;
}

/** How long a detector's last complete answer stands in for failed attempts. */
const DEFAULT_LAST_RESULT_MAX_AGE_MS = 30 * 60_000;

/**
 * A failure that says nothing about what the cluster holds (a timeout, a
 * dropped connection, a 5xx or 429 from the cluster or a proxy in front of
 * it), as opposed to an answer (403, 404, a malformed object).
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof KubernetesRequestError)) return false;
  const status = error.statusCode;
  return (
    error.timeout || status === undefined || status >= 500 || status === 429
  );
}

function describeAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  return `${Math.round(s / 60)} min`;
}

interface SettledDetector {
  id: string;
  result: DetectorResult;
  error?: string;
  /** When the shown result was observed, if it is an earlier one. */
  observedAt?: number;
}

export interface ConnectivityInspectorOptions {
  /**
   * How long a detector's last complete answer for a cluster is shown when
   * a later attempt fails transiently (default 30 minutes). 0 disables it.
   */
  lastResultMaxAgeMs?: number;
  now?: () => number;
}

/**
 * Whose pod and service CIDRs win when several detectors report them: the
 * CNI's own pool (Cilium) and what Submariner routes are what packets use;
 * kubeadm's podSubnet can be ignored by a CNI with its own IPAM.
 */
const NETWORK_PRECEDENCE = ['cilium-clustermesh', 'submariner', 'networks'];

function mergeNetworks(
  results: Array<{ id: string; result: DetectorResult }>,
): ClusterNetworks | undefined {
  const ranked = NETWORK_PRECEDENCE.flatMap(id =>
    results.filter(r => r.id === id && r.result.networks),
  ).concat(
    results.filter(
      r => !NETWORK_PRECEDENCE.includes(r.id) && r.result.networks,
    ),
  );
  const podCidrs = ranked.find(r => r.result.networks!.podCidrs.length > 0)
    ?.result.networks!.podCidrs;
  const serviceCidrs = ranked.find(
    r => r.result.networks!.serviceCidrs.length > 0,
  )?.result.networks!.serviceCidrs;
  if (!podCidrs && !serviceCidrs) return undefined;
  return {
    podCidrs: podCidrs ?? [],
    serviceCidrs: serviceCidrs ?? [],
    detectedVia: 'api',
  };
}

/**
 * Submariner implements MCS (Lighthouse), so when the cluster carries the
 * `clusterset.k8s.io` ClusterProperty that is the set's real name, not the
 * broker Submariner was joined to.
 */
function preferMcsClusterSet(
  fabrics: FabricMembership[],
  mcsClusterSet: string | undefined,
): FabricMembership[] {
  if (!mcsClusterSet) return fabrics;
  return fabrics.map(fabric =>
    fabric.kind === 'submariner' && fabric.clusterSet !== mcsClusterSet
      ? {
          ...fabric,
          clusterSet: mcsClusterSet,
          evidence: [
            ...fabric.evidence,
            `cluster set ${mcsClusterSet} from the clusterset.k8s.io ClusterProperty (broker: ${fabric.clusterSet})`,
          ],
        }
      : fabric,
  );
}

/**
 * Runs every connectivity detector against one cluster at once, within one
 * deadline, and merges what they saw. A failing or slow detector is
 * recorded in `connectivity.errors` and the others still report.
 */
export class ConnectivityInspector {
  /**
   * Each cluster's detectors' last complete answers: a timeout through a
   * busy proxy must not blank a cluster's networks or fabrics until the
   * next refresh. Bounded by the fleet: `retainClusters` drops the rest.
   */
  private readonly lastResults = new Map<
    string,
    Map<string, { result: DetectorResult; observedAt: number }>
  >();
  private readonly lastResultMaxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly detectors: ConnectivityDetector[],
    options: ConnectivityInspectorOptions = {},
  ) {
    this.lastResultMaxAgeMs =
      options.lastResultMaxAgeMs ?? DEFAULT_LAST_RESULT_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    const ids = detectors.map(d => d.id);
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate) {
      throw new Error(`Duplicate connectivity detector id ${duplicate}`);
    }
  }

  /** Submariner, Istio, Cilium ClusterMesh, MCS, networks and virtual nodes. */
  static default(
    options?: ConnectivityInspectorOptions,
  ): ConnectivityInspector {
    return new ConnectivityInspector(
      [
        new SubmarinerDetector(),
        new IstioDetector(),
        new CiliumClusterMeshDetector(),
        new McsDetector(),
        new NetworksDetector(),
        new VirtualNodeDetector(),
      ],
      options,
    );
  }

  /** Forgets the last answers of clusters no longer in the fleet. */
  retainClusters(names: Iterable<string>): void {
    const keep = new Set(names);
    for (const name of [...this.lastResults.keys()]) {
      if (!keep.has(name)) this.lastResults.delete(name);
    }
  }

  /**
   * What stands for a failed detector: its last complete answer for this
   * cluster when the failure was transient and the answer recent enough;
   * nothing otherwise (a 403 means the data may no longer be shown).
   */
  private settleFailure(
    clusterName: string,
    detectorId: string,
    error: unknown,
  ): SettledDetector {
    const message = describeDetectorError(detectorId, error);
    const remembered = this.lastResults.get(clusterName)?.get(detectorId);
    const age = remembered ? this.now() - remembered.observedAt : Infinity;
    if (!isTransient(error) || age > this.lastResultMaxAgeMs) {
      this.lastResults.get(clusterName)?.delete(detectorId);
      return { id: detectorId, result: {}, error: message };
    }
    return {
      id: detectorId,
      result: remembered!.result,
      error: `${message} (showing what it saw ${describeAge(age)} ago)`,
      observedAt: remembered!.observedAt,
    };
  }

  private remember(
    clusterName: string,
    detectorId: string,
    result: DetectorResult,
  ) {
    if (this.lastResultMaxAgeMs <= 0 || result.errors?.length) return;
    let byDetector = this.lastResults.get(clusterName);
    if (!byDetector) {
      byDetector = new Map();
      this.lastResults.set(clusterName, byDetector);
    }
    byDetector.set(detectorId, { result, observedAt: this.now() });
  }

  async inspect(
    clusterName: string,
    client: KubernetesClient,
    options: { signal?: AbortSignal; timeoutMs: number },
  ): Promise<ConnectivityInspection> {
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new Error(
        `Connectivity inspection of ${clusterName}: timeoutMs must be a positive number, got ${options.timeoutMs}`,
      );
    }
    const settled = await Promise.all(
      this.detectors.map(async (detector): Promise<SettledDetector> => {
        try {
          // A timeout (the cluster was slow, not wrong) is transient.
          const result = await withDeadline(clusterName, options, signal =>
            detector.detect(client, { signal }),
          );
          this.remember(clusterName, detector.id, result);
          return { id: detector.id, result };
        } catch (error) {
          return this.settleFailure(clusterName, detector.id, error);
        }
      }),
    );
    return this.merge(settled);
  }

  private merge(settled: SettledDetector[]): ConnectivityInspection {
    const errors = settled.flatMap(s => [
      ...(s.error ? [s.error] : []),
      ...(s.result.errors ?? []),
    ]);
    const mcs = settled.find(s => s.result.mcs)?.result.mcs;
    const fabrics = preferMcsClusterSet(
      settled.flatMap(s => s.result.fabrics ?? []),
      mcs?.clusterSet,
    );
    const connectivity: ClusterConnectivity = {
      clusterSets: [...new Set(fabrics.map(f => f.clusterSet))].sort(),
      fabrics,
    };
    const networks = mergeNetworks(settled);
    if (networks) connectivity.networks = networks;
    if (mcs) connectivity.mcs = mcs;
    const serviceExports = settled.flatMap(s => s.result.serviceExports ?? []);
    if (settled.some(s => s.result.serviceExports)) {
      connectivity.serviceExports = serviceExports;
    }
    const earlier = settled.filter(s => s.observedAt !== undefined);
    if (earlier.length > 0) {
      connectivity.earlierObservations = earlier.map(s => ({
        detector: s.id,
        observedAt: new Date(s.observedAt!).toISOString(),
      }));
    }
    // Errors quote what clusters answered: escaped and bounded.
    if (errors.length > 0) {
      connectivity.errors = boundProblems(
        errors,
        MAX_CONNECTIVITY_ERRORS,
        MAX_CONNECTIVITY_ERROR_LENGTH,
      );
    }

    const nodes = settled.find(
      s => s.result.ownAllocatable || s.result.virtualNodes,
    );
    return {
      connectivity,
      virtualNodes: settled.flatMap(s => s.result.virtualNodes ?? []),
      ...(nodes?.result.ownAllocatable
        ? { ownAllocatable: nodes.result.ownAllocatable }
        : {}),
    };
  }
}
