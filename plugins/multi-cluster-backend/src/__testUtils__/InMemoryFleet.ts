import type { ClusterConnectivity } from '@flotilla/plugin-multi-cluster-common';
import {
  ConfigClusterConfig,
  ClusterRecord,
  FleetConnector,
  withShortLabels,
} from '@flotilla/plugin-multi-cluster-node';
import { eventually } from '@flotilla/test-kit';
import {
  DEPLOYMENTS,
  FakeKubernetesApi,
  ResourceType,
  STATEFULSETS,
} from './fakeKubernetesApi';

/** One cluster of the test fleet and what a source would say about it. */
export interface InMemoryClusterSpec {
  name: string;
  region?: string;
  provider?: string;
  environment?: string;
  tenant?: string;
  zones?: string[];
  labels?: Record<string, string>;
  capacity?: Record<string, string>;
  allocated?: Record<string, string>;
  costPerCpuHour?: number;
  kubernetesVersion?: string;
  connectivity?: ClusterConnectivity;
  /** `/readyz` fails while false. Default true. */
  ready?: boolean;
}

/** A service's Deployment (or StatefulSet) and its replicas per cluster. */
export interface InMemoryWorkloadSpec {
  kubernetesId: string;
  namespace: string;
  kind?: 'Deployment' | 'StatefulSet';
  name?: string;
  /** Replicas per cluster; a cluster not named has no such workload. */
  replicas: Record<string, number>;
}

const TYPES = { Deployment: DEPLOYMENTS, StatefulSet: STATEFULSETS };

/**
 * A test fleet: one in-memory Kubernetes API server per cluster, reached
 * over real HTTPS with a bearer token, and a {@link FleetConnector} that
 * lists them as directly reachable clusters (source `config`). Workloads are
 * real Deployments/StatefulSets on those servers, with resourceVersions;
 * their ready replicas follow `spec.replicas` at once, unless a cluster's
 * readiness is held ({@link holdReadiness}), as a rollout in progress would.
 */
export class InMemoryFleet implements FleetConnector {
  readonly id = 'in-memory';
  readonly type = 'config' as const;
  private readonly held = new Set<string>();

  private constructor(
    private readonly specs: InMemoryClusterSpec[],
    readonly apis: Map<string, FakeKubernetesApi>,
    private readonly token: string,
  ) {}

  static async start(options: {
    clusters: InMemoryClusterSpec[];
    workloads?: InMemoryWorkloadSpec[];
    token?: string;
  }): Promise<InMemoryFleet> {
    const token = options.token ?? 'in-memory-fleet-token';
    const apis = new Map<string, FakeKubernetesApi>();
    for (const spec of options.clusters) {
      const api = await new FakeKubernetesApi({
        name: spec.name,
        token,
        gitVersion: spec.kubernetesVersion,
      }).start();
      api.ready = spec.ready ?? true;
      apis.set(spec.name, api);
    }
    const fleet = new InMemoryFleet(options.clusters, apis, token);
    for (const [name, api] of apis) {
      // The workload controller: ready replicas follow the desired ones.
      api.onWrite((type, object) => {
        if (type.group === 'apps' && !fleet.held.has(name)) {
          settle(object);
        }
      });
    }
    for (const w of options.workloads ?? []) {
      for (const [cluster, replicas] of Object.entries(w.replicas)) {
        fleet.api(cluster).put(TYPES[w.kind ?? 'Deployment'], {
          apiVersion: 'apps/v1',
          kind: w.kind ?? 'Deployment',
          metadata: {
            name: w.name ?? w.kubernetesId,
            namespace: w.namespace,
            labels: { 'backstage.io/kubernetes-id': w.kubernetesId },
          },
          spec: { replicas },
          status: readyStatus(replicas),
        });
      }
    }
    return fleet;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.apis.values()].map(api => api.stop()));
  }

  get clusterNames(): string[] {
    return this.specs.map(s => s.name);
  }

  api(cluster: string): FakeKubernetesApi {
    const api = this.apis.get(cluster);
    if (!api) throw new Error(`no cluster ${cluster} in the test fleet`);
    return api;
  }

  /**
   * The clusters as `kubernetes.clusterLocatorMethods` config entries, so a
   * `ClusterClientFactory` holds their tokens (`config:<name>`).
   */
  get configClusters(): ConfigClusterConfig[] {
    return this.specs.map(s => ({
      name: s.name,
      url: this.api(s.name).url,
      caData: this.api(s.name).caData,
      token: this.token,
    }));
  }

  async listClusters(): Promise<ClusterRecord[]> {
    return this.specs.map(s => ({
      name: s.name,
      source: 'config' as const,
      sourceId: this.id,
      fields: {
        region: s.region,
        provider: s.provider,
        environment: s.environment,
        tenant: s.tenant,
        zones: s.zones,
        labels: withShortLabels({ ...s.labels }, s),
        costPerCpuHour: s.costPerCpuHour,
        kubernetesVersion: s.kubernetesVersion,
        capacity: s.capacity
          ? {
              declared: s.capacity,
              allocatable: s.capacity,
              allocated: s.allocated,
            }
          : undefined,
        connectivity: s.connectivity,
      },
      access: {
        kind: 'direct' as const,
        url: this.api(s.name).url,
        caData: this.api(s.name).caData,
        credentialRef: `config:${s.name}`,
      },
    }));
  }

  /** Makes a cluster's `/readyz` fail (an outage) or answer again. */
  setReady(cluster: string, ready: boolean): void {
    this.api(cluster).ready = ready;
  }

  /** From now on, a cluster's workloads keep their ready replicas. */
  holdReadiness(cluster: string): void {
    this.held.add(cluster);
  }

  /** Ends a hold: the cluster's workloads become ready. */
  releaseReadiness(cluster: string): void {
    this.held.delete(cluster);
    const api = this.api(cluster);
    for (const type of Object.values(TYPES)) {
      for (const o of api.list(type)) {
        api.update(type, o.metadata.namespace, o.metadata.name, settle);
      }
    }
  }

  /** The workloads of a service in a cluster, as stored there. */
  workloads(cluster: string, kubernetesId: string): any[] {
    const api = this.api(cluster);
    return Object.values(TYPES).flatMap((type: ResourceType) =>
      api
        .list(type)
        .filter(
          o =>
            o.metadata.labels?.['backstage.io/kubernetes-id'] === kubernetesId,
        ),
    );
  }

  /** Desired replicas of a service in a cluster (0 when it has none). */
  replicas(cluster: string, kubernetesId: string): number {
    return this.workloads(cluster, kubernetesId).reduce(
      (sum, o) => sum + (o.spec?.replicas ?? 0),
      0,
    );
  }

  /**
   * What Karmada's execution does on a member when an OverridePolicy rule
   * sets a cluster's replicas: the service's workloads there want
   * `replicas` (and become ready unless the cluster is held).
   */
  setReplicas(cluster: string, kubernetesId: string, replicas: number): void {
    const api = this.api(cluster);
    for (const o of this.workloads(cluster, kubernetesId)) {
      const type = TYPES[o.kind as keyof typeof TYPES];
      api.update(type, o.metadata.namespace, o.metadata.name, object => {
        object.spec.replicas = replicas;
        if (!this.held.has(cluster)) settle(object);
      });
    }
  }

  /** Waits until a cluster's workloads of a service want `replicas`. */
  waitForReplicas(cluster: string, kubernetesId: string, replicas: number) {
    return eventually(
      () => {
        const wanted = this.replicas(cluster, kubernetesId);
        if (wanted !== replicas) {
          throw new Error(
            `${cluster} wants ${wanted} replicas, not ${replicas}`,
          );
        }
      },
      60_000,
      100,
    );
  }
}

function readyStatus(replicas: number) {
  return {
    replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
    updatedReplicas: replicas,
    observedGeneration: 1,
  };
}

function settle(object: any) {
  object.status = {
    ...readyStatus(object.spec?.replicas ?? 0),
    observedGeneration: object.metadata?.generation,
  };
}
