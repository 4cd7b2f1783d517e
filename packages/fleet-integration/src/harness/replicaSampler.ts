import fs from 'node:fs';
import path from 'node:path';
import type { FleetDescription } from '@flotilla/fleet-simulator';
import { adminClients, clusterNamed } from './fleet';

/** A service's Deployment on one member at one moment; undefined: unreadable. */
export interface MemberReplicas {
  desired?: number;
  ready?: number;
}

export interface ReplicaSample {
  /** Milliseconds since the sampler started. */
  at: number;
  /** The reads in the order they were made: every member, then the first again. */
  reads: { cluster: string; replicas: MemberReplicas }[];
}

const EVERY_MS = 250;

/** Each member's first read in a sample. */
export function membersOf(
  sample: ReplicaSample,
): Record<string, MemberReplicas> {
  const members: Record<string, MemberReplicas> = {};
  for (const { cluster, replicas } of sample.reads)
    members[cluster] ??= replicas;
  return members;
}

/**
 * Reads a service's Deployment on each member's own API server (not
 * through a fault proxy or Karmada: what really runs there) over and over
 * while a test acts, so a test can assert what held at every moment, and
 * writes the series to the suite's logs for the record.
 *
 * Two API servers cannot be read at one instant, so a sample reads the
 * members one after another and then the first again (A, B, A). For a move
 * between two members where one gains its replicas before the other loses
 * any, one of the pairs (A then B, or B then A) saw both sides in the order
 * they changed: `minReadyTotal` is the lowest total such a pair witnessed.
 */
export class ReplicaSampler {
  readonly samples: ReplicaSample[] = [];
  private readonly started = Date.now();
  private stopped = false;
  private loop: Promise<void>;

  private constructor(
    private readonly fleet: FleetDescription,
    private readonly service: {
      namespace: string;
      name: string;
      clusters: string[];
    },
  ) {
    this.loop = this.run();
  }

  static start(
    fleet: FleetDescription,
    service: { namespace: string; name: string; clusters: string[] },
  ): ReplicaSampler {
    return new ReplicaSampler(fleet, service);
  }

  /** Stops sampling (after one last sample) and writes the series to `<label>.samples.txt`. */
  async stop(label: string): Promise<ReplicaSample[]> {
    this.stopped = true;
    await this.loop;
    await this.sampleOnce();
    const dir = process.env.FLOTILLA_TEST_LOG_DIR;
    if (dir) {
      fs.writeFileSync(path.join(dir, `${label}.samples.txt`), this.describe());
    }
    return this.samples;
  }

  /** The series with repeated states left out: one line per change. */
  describe(): string {
    const lines: string[] = [];
    let last = '';
    for (const sample of this.samples) {
      const members = membersOf(sample);
      const state = this.service.clusters
        .map(c => {
          const m = members[c];
          return `${c}=${m?.desired ?? '?'}/${m?.ready ?? '?'}`;
        })
        .join(' ');
      if (state === last) continue;
      last = state;
      const total = Object.values(members).reduce(
        (sum, m) => sum + (m.ready ?? 0),
        0,
      );
      lines.push(
        `t+${(sample.at / 1000).toFixed(
          1,
        )}s ${state} (ready, readable: ${total})`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.sampleOnce();
      await new Promise(resolve => setTimeout(resolve, EVERY_MS));
    }
  }

  /** The samples in which every member answered. */
  readable(): ReplicaSample[] {
    return this.samples.filter(sample =>
      sample.reads.every(read => read.replicas.ready !== undefined),
    );
  }

  /**
   * The lowest ready total of the two members over the readable samples,
   * each sample counting its better-ordered pair (see the class comment);
   * undefined when no sample was readable.
   */
  minReadyTotal(): number | undefined {
    if (this.service.clusters.length !== 2) {
      throw new Error('minReadyTotal compares exactly two members');
    }
    const totals = this.readable().map(({ reads }) => {
      const [a1, b, a2] = reads.map(read => read.replicas.ready!);
      return Math.max(a1 + b, b + a2);
    });
    return totals.length ? Math.min(...totals) : undefined;
  }

  private async sampleOnce(): Promise<void> {
    const at = Date.now() - this.started;
    const order = [...this.service.clusters, this.service.clusters[0]];
    const reads: ReplicaSample['reads'] = [];
    for (const cluster of order) {
      reads.push({ cluster, replicas: await this.read(cluster) });
    }
    this.samples.push({ at, reads });
  }

  private async read(cluster: string): Promise<MemberReplicas> {
    try {
      const d = await adminClients(
        clusterNamed(this.fleet, cluster),
      ).apps.readNamespacedDeployment({
        namespace: this.service.namespace,
        name: this.service.name,
      });
      return {
        desired: d.spec?.replicas ?? 0,
        ready: d.status?.readyReplicas ?? 0,
      };
    } catch {
      return {};
    }
  }
}
