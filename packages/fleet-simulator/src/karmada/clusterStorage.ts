/**
 * The aggregated API server's storage for Clusters: what etcd plus the
 * generic registry give Karmada's server. Every write bumps one
 * resourceVersion counter; an update whose `metadata.resourceVersion` is
 * stale is refused with 409 Conflict; watchers get ADDED / MODIFIED /
 * DELETED events in resourceVersion order; the whole state is written to a
 * JSON file (atomically) so a restart keeps the Clusters. Writes to the file
 * are coalesced (at most one per `persistDelayMs`): with a thousand Clusters
 * the state is megabytes, and writing all of it on each of a thousand status
 * updates blocked the server for seconds. `flush()` (the server calls it
 * when it stops) writes what is pending.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  alreadyExists,
  ApiError,
  conflict,
  failure,
  notFound,
} from './apiStatus';
import {
  Cluster,
  CLUSTER_API_VERSION,
  mutateCluster,
  validateCluster,
} from './clusterTypes';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent {
  type: WatchEventType;
  object: Cluster;
  resourceVersion: number;
}

interface PersistedState {
  resourceVersion: number;
  clusters: Cluster[];
}

/** How many past events a watch may resume from (older ones: 410 Gone). */
const EVENT_HISTORY = 1000;

/** How long writes gather before the state is written to the file. */
const PERSIST_DELAY_MS = 1000;

const clone = <T>(value: T): T => structuredClone(value);

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class ClusterStorage {
  private readonly clusters = new Map<string, Cluster>();
  private resourceVersion = 0;
  private readonly history: WatchEvent[] = [];
  private readonly watchers = new Set<(event: WatchEvent) => void>();
  private pendingPersist?: NodeJS.Timeout;

  /** `file` absent: in memory only (tests). */
  constructor(
    private readonly file?: string,
    private readonly now: () => Date = () => new Date(),
    private readonly persistDelayMs = PERSIST_DELAY_MS,
  ) {
    if (file && fs.existsSync(file)) {
      const state = JSON.parse(fs.readFileSync(file, 'utf8')) as PersistedState;
      this.resourceVersion = state.resourceVersion;
      for (const cluster of state.clusters)
        this.clusters.set(cluster.metadata.name, cluster);
    }
  }

  currentResourceVersion(): string {
    return String(this.resourceVersion);
  }

  list(): Cluster[] {
    return this.listStored().map(clone);
  }

  /**
   * The stored Clusters themselves, in name order, to serialize without
   * copying a thousand of them per list: never to be changed. Every write
   * stores a new object, so a listed one stays the version it was listed at.
   */
  listStored(): ReadonlyArray<Readonly<Cluster>> {
    return [...this.clusters.values()].sort((a, b) =>
      a.metadata.name.localeCompare(b.metadata.name),
    );
  }

  /** The stored Cluster itself, to read only (see listStored). */
  getStored(name: string): Readonly<Cluster> {
    const cluster = this.clusters.get(name);
    if (!cluster) throw notFound(name);
    return cluster;
  }

  get(name: string): Cluster {
    const cluster = this.clusters.get(name);
    if (!cluster) throw notFound(name);
    return clone(cluster);
  }

  create(input: Cluster): Cluster {
    const cluster = clone(input) as Cluster;
    cluster.apiVersion = CLUSTER_API_VERSION;
    cluster.kind = 'Cluster';
    cluster.metadata = { ...(cluster.metadata ?? {}) } as Cluster['metadata'];
    if (!cluster.metadata.name && cluster.metadata.generateName) {
      cluster.metadata.name = `${cluster.metadata.generateName}${crypto
        .randomBytes(3)
        .toString('hex')
        .slice(0, 5)}`;
    }
    if (cluster.metadata.resourceVersion) {
      throw new ApiError(
        failure(
          500,
          'resourceVersion should not be set on objects to be created',
        ),
      );
    }
    validateCluster(cluster);
    if (this.clusters.has(cluster.metadata.name))
      throw alreadyExists(cluster.metadata.name);
    const now = this.now().toISOString();
    mutateCluster(cluster, now);
    cluster.metadata.uid = crypto.randomUUID();
    cluster.metadata.creationTimestamp = now.replace(/\.\d+Z$/, 'Z');
    cluster.metadata.generation = 1;
    delete cluster.metadata.deletionTimestamp;
    return this.commit('ADDED', cluster);
  }

  /**
   * PUT of the object (`subresource` absent: spec and metadata, status kept)
   * or of its status (only status taken). An empty resourceVersion updates
   * unconditionally, as Karmada's strategy allows.
   */
  update(input: Cluster, subresource?: 'status'): Cluster {
    const name = input?.metadata?.name;
    const current = this.clusters.get(name);
    if (!current) throw notFound(name);
    const wanted = input.metadata.resourceVersion;
    if (wanted && wanted !== current.metadata.resourceVersion)
      throw conflict(name);
    let next: Cluster;
    if (subresource === 'status') {
      next = { ...clone(current), status: clone(input.status) };
    } else {
      next = clone(input);
      next.apiVersion = CLUSTER_API_VERSION;
      next.kind = 'Cluster';
      next.status = clone(current.status);
      // Identity and bookkeeping fields are the server's, not the caller's.
      next.metadata = {
        ...next.metadata,
        name,
        uid: current.metadata.uid,
        creationTimestamp: current.metadata.creationTimestamp,
        deletionTimestamp: current.metadata.deletionTimestamp,
        generation: current.metadata.generation,
      };
      validateCluster(next);
      mutateCluster(next, this.now().toISOString());
      if (!sameJson(next.spec, current.spec)) {
        next.metadata.generation = (current.metadata.generation ?? 1) + 1;
      }
    }
    next.metadata.resourceVersion = current.metadata.resourceVersion;
    if (sameJson(next, current)) return clone(current);
    // Removing the last finalizer of an object being deleted deletes it.
    if (
      next.metadata.deletionTimestamp &&
      !(next.metadata.finalizers ?? []).length
    ) {
      this.clusters.delete(name);
      return this.commit('DELETED', next, false);
    }
    return this.commit('MODIFIED', next);
  }

  /** GET, change, PUT with the read resourceVersion (PATCH semantics). */
  patch(
    name: string,
    change: (current: Cluster) => Cluster,
    subresource?: 'status',
  ): Cluster {
    const current = this.get(name);
    const patched = change(current);
    patched.metadata = {
      ...(patched.metadata ?? {}),
      name,
    } as Cluster['metadata'];
    // A resourceVersion written by the patch is a precondition; otherwise
    // the patch applies to the version just read.
    patched.metadata.resourceVersion ??= current.metadata.resourceVersion;
    return this.update(patched, subresource);
  }

  /**
   * Deletes at once, or marks for deletion while finalizers remain.
   * `preconditions` as in DeleteOptions.
   */
  delete(
    name: string,
    preconditions: { uid?: string; resourceVersion?: string } = {},
  ): { deleted: boolean; object: Cluster } {
    const current = this.clusters.get(name);
    if (!current) throw notFound(name);
    if (preconditions.uid && preconditions.uid !== current.metadata.uid) {
      throw new ApiError(
        failure(
          409,
          `Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${current.metadata.uid}`,
          { details: { name, group: 'cluster.karmada.io', kind: 'clusters' } },
        ),
      );
    }
    if (
      preconditions.resourceVersion &&
      preconditions.resourceVersion !== current.metadata.resourceVersion
    ) {
      throw conflict(name);
    }
    if ((current.metadata.finalizers ?? []).length > 0) {
      if (current.metadata.deletionTimestamp)
        return { deleted: false, object: clone(current) };
      const next = clone(current);
      next.metadata.deletionTimestamp = this.now()
        .toISOString()
        .replace(/\.\d+Z$/, 'Z');
      return { deleted: false, object: this.commit('MODIFIED', next) };
    }
    this.clusters.delete(name);
    return {
      deleted: true,
      object: this.commit('DELETED', clone(current), false),
    };
  }

  /**
   * Subscribes to changes after `fromResourceVersion` (events already past
   * it are replayed first). Throws 410 Expired when that version is older
   * than the kept history. Returns the unsubscribe function.
   */
  watch(
    fromResourceVersion: number,
    listener: (event: WatchEvent) => void,
  ): () => void {
    const oldest = this.history.length
      ? this.history[0].resourceVersion
      : this.resourceVersion + 1;
    if (
      fromResourceVersion < oldest - 1 &&
      fromResourceVersion < this.resourceVersion
    ) {
      throw new ApiError(
        failure(
          410,
          `too old resource version: ${fromResourceVersion} (${oldest - 1})`,
          {
            reason: 'Expired',
          },
        ),
      );
    }
    for (const event of this.history) {
      if (event.resourceVersion > fromResourceVersion) listener(clone(event));
    }
    this.watchers.add(listener);
    return () => {
      this.watchers.delete(listener);
    };
  }

  private commit(
    type: WatchEventType,
    cluster: Cluster,
    store = true,
  ): Cluster {
    this.resourceVersion += 1;
    cluster.metadata.resourceVersion = String(this.resourceVersion);
    if (store) this.clusters.set(cluster.metadata.name, cluster);
    this.schedulePersist();
    const event: WatchEvent = {
      type,
      object: clone(cluster),
      resourceVersion: this.resourceVersion,
    };
    this.history.push(event);
    if (this.history.length > EVENT_HISTORY) this.history.shift();
    for (const watcher of this.watchers) watcher(clone(event));
    return clone(cluster);
  }

  private schedulePersist(): void {
    if (!this.file || this.pendingPersist) return;
    this.pendingPersist = setTimeout(() => this.flush(), this.persistDelayMs);
    // Pending writes never keep a stopping process alive: stop() flushes.
    this.pendingPersist.unref();
  }

  /** Writes the state to the file now if a write is pending. */
  flush(): void {
    if (!this.pendingPersist) return;
    clearTimeout(this.pendingPersist);
    this.pendingPersist = undefined;
    if (!this.file) return;
    const state: PersistedState = {
      resourceVersion: this.resourceVersion,
      clusters: [...this.clusters.values()],
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state), {
      mode: 0o600,
    });
    fs.renameSync(temporary, this.file);
  }
}
