/*
 * The storm bench's fleet: an in-memory model of clusters and the
 * replicas each service runs on them, read by the failover and storm
 * modules as the inventory, the placement reader and the what-if inputs
 * would read real clusters, and changed by the bench's shift step as a
 * replica shift would change them. It counts, as the shifts happen, how
 * many run at once onto each cluster and whether a cluster ever runs more
 * than it can hold.
 */
import { Entity } from '@backstage/catalog-model';
import {
  ClusterProfile,
  EntityPlacement,
  FleetCluster,
  readServiceDrSpec,
  ReplicaMove,
  WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';

export interface ModelCluster {
  name: string;
  region: string;
  /** Millicores. */
  cpu: number;
  /** Millicores taken by what the storm does not move. */
  base: number;
}

export interface ModelService {
  name: string;
  tier: number;
  /** Millicores per replica. */
  request: number;
  replicas: Map<string, number>;
}

export class FleetModel {
  private readonly byName: Map<string, ModelService>;
  private readonly inFlightOnto = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  maxOntoOneCluster = 0;
  readonly overcommitted = new Set<string>();

  constructor(
    readonly clusters: ModelCluster[],
    readonly services: ModelService[],
  ) {
    this.byName = new Map(services.map(s => [s.name, s]));
  }

  /** Millicores a cluster runs now. */
  used(cluster: ModelCluster): number {
    let used = cluster.base;
    for (const s of this.services) {
      used += (s.replicas.get(cluster.name) ?? 0) * s.request;
    }
    return used;
  }

  entity(s: ModelService): Entity {
    return {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: {
        name: s.name,
        namespace: 'default',
        annotations: {
          'backstage.io/kubernetes-id': s.name,
          'flotilla.io/dr-strategy': 'active-active',
          'flotilla.io/dr-tier': String(s.tier),
          'flotilla.io/resource-request': `cpu=${s.request}m`,
        },
      },
      spec: { type: 'service', owner: 'group:default/shop', lifecycle: 'x' },
    };
  }

  /** The inventory's view: every cluster healthy, its CPU allocated as the model says. */
  fleetClusters(): FleetCluster[] {
    return this.clusters.map(c => ({
      name: c.name,
      source: 'config',
      sources: [],
      labels: { region: c.region },
      region: c.region,
      capacity: {
        allocatable: { cpu: `${c.cpu}m`, memory: '1000Gi', pods: '10000' },
        allocated: { cpu: `${this.used(c)}m`, memory: '0', pods: '0' },
      },
      health: { status: 'healthy', via: 'readyz' },
      stale: false,
      refreshedAt: new Date(0).toISOString(),
    }));
  }

  profiles(): ClusterProfile[] {
    return this.clusters.map(c => ({
      name: c.name,
      region: c.region,
      health: 'healthy',
      resourceSummary: {
        allocatable: { cpu: `${c.cpu}m`, memory: '1000Gi', pods: '10000' },
        allocated: { cpu: `${this.used(c)}m`, memory: '0', pods: '0' },
      },
    }));
  }

  whatIfServices(): WhatIfServiceInput[] {
    return this.services.map(s => {
      const ref = `component:default/${s.name}`;
      const { spec } = readServiceDrSpec(
        ref,
        this.entity(s).metadata.annotations,
      );
      return {
        spec: { ...spec!, kubernetesId: s.name },
        placement: [...s.replicas].map(([name, replicas]) => ({
          name,
          replicas,
        })),
      };
    });
  }

  placement(name: string): EntityPlacement {
    const s = this.byName.get(name)!;
    const clusters = [...s.replicas]
      .filter(([, n]) => n > 0)
      .map(([cluster, replicas]) => ({
        cluster,
        source: 'config' as const,
        workloads: [
          {
            cluster,
            namespace: 'shop',
            kind: 'Deployment' as const,
            name: s.name,
            replicas,
            readyReplicas: replicas,
          },
        ],
        replicas,
        readyReplicas: replicas,
        latencyMs: 0,
      }));
    const total = clusters.reduce((sum, c) => sum + c.replicas, 0);
    return {
      entityRef: `component:default/${name}`,
      kubernetesId: name,
      namespace: 'shop',
      desired: { karmada: [] },
      actual: { clusters, totalReplicas: total, readyReplicas: total },
      errors: [],
      durationMs: 0,
    };
  }

  /** A shift starts: counts it on the clusters it raises. */
  enter(moves: ReplicaMove[]) {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    for (const m of moves.filter(move => move.after > move.before)) {
      const n = (this.inFlightOnto.get(m.cluster) ?? 0) + 1;
      this.inFlightOnto.set(m.cluster, n);
      this.maxOntoOneCluster = Math.max(this.maxOntoOneCluster, n);
    }
  }

  /** A shift applies its moves (raises first, as make-before-break does) and ends. */
  apply(service: string, moves: ReplicaMove[]) {
    const s = this.byName.get(service)!;
    const raised = moves.filter(m => m.after > m.before);
    for (const m of raised) {
      s.replicas.set(m.cluster, m.after);
      const cluster = this.clusters.find(c => c.name === m.cluster)!;
      if (this.used(cluster) > cluster.cpu) this.overcommitted.add(m.cluster);
    }
    for (const m of moves.filter(move => move.after < move.before)) {
      s.replicas.set(m.cluster, m.after);
    }
    this.inFlight -= 1;
    for (const m of raised) {
      this.inFlightOnto.set(m.cluster, this.inFlightOnto.get(m.cluster)! - 1);
    }
  }
}

/** `n` regions of `perRegion` clusters; the services lose region r0. */
export function buildModel(options: {
  regions: number;
  perRegion: number;
  services: number;
}): FleetModel {
  const clusters: ModelCluster[] = [];
  for (let r = 0; r < options.regions; r++) {
    for (let c = 0; c < options.perRegion; c++) {
      const i = r * options.perRegion + c;
      // 48 cores, 30 to 39 taken already: room for most of what is lost;
      // three clusters have 1,000 (a failover prefers the roomiest, so
      // those draw many runs at once and the per-cluster cap binds).
      clusters.push({
        name: `r${r}-c${c}`,
        region: `r${r}`,
        cpu: c === 5 && r >= 1 && r <= 3 ? 1_000_000 : 48_000,
        base: 30_000 + (i % 10) * 1000,
      });
    }
  }
  const lost = clusters.filter(c => c.region === 'r0');
  const survivors = clusters.filter(c => c.region !== 'r0');
  const services: ModelService[] = [];
  for (let i = 0; i < options.services; i++) {
    const replicas = new Map<string, number>();
    replicas.set(lost[i % lost.length].name, 2 + (i % 3));
    if (i % 4 === 0) replicas.set(lost[(i + 3) % lost.length].name, 2);
    replicas.set(survivors[i % survivors.length].name, 2);
    services.push({
      name: `svc-${i}`,
      tier: i % 4,
      request: [250, 500, 1000][i % 3],
      replicas,
    });
  }
  return new FleetModel(clusters, services);
}
