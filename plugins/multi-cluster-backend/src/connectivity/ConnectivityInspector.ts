import type {
  ClusterConnectivity,
  ClusterNetworks,
  FabricMembership,
  ResourceList,
  VirtualNode,
} from '@flotilla/plugin-multi-cluster-common';
import { boundProblems } from '../inventory/findings';
import type { KubernetesClient } from '../kubernetes/KubernetesClient';
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
  constructor(private readonly detectors: ConnectivityDetector[]) {
    const ids = detectors.map(d => d.id);
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate) {
      throw new Error(`Duplicate connectivity detector id ${duplicate}`);
    }
  }

  /** Submariner, Istio, Cilium ClusterMesh, MCS, networks and virtual nodes. */
  static default(): ConnectivityInspector {
    return new ConnectivityInspector([
      new SubmarinerDetector(),
      new IstioDetector(),
      new CiliumClusterMeshDetector(),
      new McsDetector(),
      new NetworksDetector(),
      new VirtualNodeDetector(),
    ]);
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
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Rejects at the deadline, so a detector that ignores the signal cannot hold the cluster.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(
          new Error(
            `timed out after ${options.timeoutMs} ms on ${clusterName}`,
          ),
        );
      }, options.timeoutMs);
    });
    deadline.catch(() => undefined);

    try {
      const settled = await Promise.all(
        this.detectors.map(async detector => {
          try {
            const result = await Promise.race([
              detector.detect(client, { signal: controller.signal }),
              deadline,
            ]);
            return { id: detector.id, result, error: undefined };
          } catch (error) {
            return {
              id: detector.id,
              result: {} as DetectorResult,
              error: describeDetectorError(detector.id, error),
            };
          }
        }),
      );
      return this.merge(settled);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private merge(
    settled: Array<{ id: string; result: DetectorResult; error?: string }>,
  ): ConnectivityInspection {
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
