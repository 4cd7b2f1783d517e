import type { Config } from '@backstage/config';
import type { LoggerService } from '@backstage/backend-plugin-api';
import pLimit from 'p-limit';
import {
  toClusterProfile,
  type ClusterProfile,
  type FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import {
  ClusterClientFactory,
  errorMessage,
  sanitizeForLog,
  type KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import { CachedReads } from './CachedReads';
import { applyCapacity } from './capacitySource';
import { applyCompliance } from './complianceSource';
import {
  readPlacementInputsConfig,
  type PlacementInputsConfig,
} from './config';
import { applyCost } from './costSource';
import { inputsMaxAgeMs } from './inputsMaxAge';
import { applyLatency } from './latencySource';
import {
  getThroughProxy,
  listMemberNodes,
  listMemberPods,
} from './memberReads';
import { capacityFromNodes, type NodeCapacity } from './nodeCapacity';
import {
  openCostPath,
  priceFromOpenCost,
  type OpenCostPrice,
} from './openCost';

export interface LivePlacementInputsDeps {
  clients: ClusterClientFactory;
  /** The stored access of a fleet cluster (the inventory's). */
  accessOf: (
    name: string,
  ) => Promise<Parameters<ClusterClientFactory['forCluster']>[1]>;
  logger: LoggerService;
  /** Per-request deadline of member reads. */
  timeoutMs: number;
  /** Member reads at once. */
  concurrency: number;
  /** `placement.liveReadLimit`: over it, inputs are re-read less often. */
  liveReadLimit: number;
}

/**
 * The fleet's ClusterProfiles for placement advice with live inputs, each
 * saying where it came from (`profile.inputs`): capacity and GPUs from the
 * members' Nodes and Pods, cost from OpenCost / the price table / the
 * annotation, latency from the configured matrix, jurisdiction and
 * compliance from the clusters' labels. Member reads are cached per cluster
 * for `multiCluster.placement.inputsMaxAge` (longer over the live-read
 * limit: see `inputsMaxAgeMs`).
 */
export class LivePlacementInputs {
  private readonly nodes: CachedReads<NodeCapacity>;
  private readonly openCost: CachedReads<OpenCostPrice>;
  private readonly limit: ReturnType<typeof pLimit>;

  static fromConfig(config: Config, deps: LivePlacementInputsDeps) {
    return new LivePlacementInputs(readPlacementInputsConfig(config), deps);
  }

  constructor(
    readonly config: PlacementInputsConfig,
    private readonly deps: LivePlacementInputsDeps,
  ) {
    this.limit = pLimit(Math.max(1, deps.concurrency));
    const describe = (error: unknown) =>
      sanitizeForLog(errorMessage(error), 300);
    this.nodes = new CachedReads(
      config.maxAgeMs,
      name => this.readNodes(name),
      describe,
    );
    this.openCost = new CachedReads(
      config.maxAgeMs,
      name => this.readOpenCost(name),
      describe,
    );
  }

  /** Profiles of these clusters, in their order. */
  async profiles(clusters: readonly FleetCluster[]): Promise<ClusterProfile[]> {
    const names = new Set(clusters.map(c => c.name));
    this.nodes.retain(names);
    this.openCost.retain(names);
    return Promise.all(
      clusters.map(cluster => this.profileOf(cluster, clusters.length)),
    );
  }

  private async profileOf(
    cluster: FleetCluster,
    fleetSize: number,
  ): Promise<ClusterProfile> {
    const profile = toClusterProfile(cluster);
    profile.inputs = {};
    const reachable = await this.reachable(cluster.name);
    const maxAgeMs = inputsMaxAgeMs(cluster.name, fleetSize, {
      maxAgeMs: this.config.maxAgeMs,
      liveReadLimit: this.deps.liveReadLimit,
    });
    const [nodes, openCost] = await Promise.all([
      reachable ? this.nodes.get(cluster.name, maxAgeMs) : undefined,
      reachable && this.config.openCost
        ? this.openCost.get(cluster.name, maxAgeMs)
        : undefined,
    ]);
    applyCapacity(profile, cluster, nodes);
    applyCost(profile, cluster, {
      openCost,
      nodes,
      prices: this.config.prices,
    });
    applyLatency(profile, this.config.latency);
    applyCompliance(profile, cluster);
    return profile;
  }

  private async reachable(name: string): Promise<boolean> {
    const access = await this.deps.accessOf(name);
    return Boolean(access && this.deps.clients.canReach(access));
  }

  private async client(name: string): Promise<KubernetesClient> {
    const client = this.deps.clients.forCluster(
      name,
      await this.deps.accessOf(name),
    );
    if (!client) throw new Error('no client for the cluster');
    return client;
  }

  private readNodes(name: string): Promise<NodeCapacity> {
    return this.limit(async () => {
      const client = await this.client(name);
      const { timeoutMs } = this.deps;
      const started = Date.now();
      const [nodes, pods] = await Promise.all([
        listMemberNodes(client, timeoutMs),
        listMemberPods(client, timeoutMs),
      ]);
      const capacity = capacityFromNodes(nodes.items, pods.items);
      this.deps.logger.debug(
        `Placement inputs: read ${nodes.items.length} Nodes and ${
          pods.items.length
        } Pods of ${sanitizeForLog(name, 100)} in ${Date.now() - started} ms`,
      );
      if (nodes.truncated || pods.truncated) {
        throw new Error('too many Nodes or Pods to count (over 10000)');
      }
      return capacity;
    });
  }

  private readOpenCost(name: string): Promise<OpenCostPrice> {
    const openCost = this.config.openCost!;
    return this.limit(async () => {
      const client = await this.client(name);
      try {
        return priceFromOpenCost(
          await getThroughProxy(
            client,
            openCostPath(openCost),
            this.deps.timeoutMs,
          ),
        );
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        // No OpenCost Service here is an answer; anything else (503: no
        // ready endpoints) is a failed read that keeps the last price.
        if (status === 404) {
          return {
            ok: false,
            reason: `no OpenCost service ${openCost.namespace}/${openCost.service}:${openCost.port} (HTTP 404)`,
          };
        }
        throw error;
      }
    });
  }
}
