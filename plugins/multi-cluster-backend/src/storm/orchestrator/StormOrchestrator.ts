import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { sleep } from '../../util/deadline';
import { StormLease, StormLeaseLostError } from '../store/StormStore';
import { StormTick } from './StormTick';
import { OrchestrationDeps } from './types';

/** Storms one pass claims at most (the rest on the next pass). */
const CLAIM_BATCH = 20;

export interface StormOrchestratorOptions {
  deps: OrchestrationDeps;
  /** Lease of a claimed storm; renewed at a third of it. */
  leaseMs: number;
  /** How often the orchestrator looks at its storms without being woken. */
  pollIntervalMs: number;
  /** The clock leases are taken and compared with (tests move it). */
  now?: () => number;
  id?: string;
}

/**
 * Drives storms. Every backend replica runs one orchestrator; a storm is
 * driven by the one that holds its lease (claimed by a conditional UPDATE,
 * renewed at a third of its duration, every write fenced by it). When a
 * replica dies its leases expire and another replica's orchestrator claims
 * the storm and carries on from what the database says: children already
 * admitted have their run recorded with them, so none is lost or admitted
 * twice. A pass ticks every held storm; passes run one at a time, on a
 * timer and whenever {@link kick} is called (a child's run ended, a storm
 * was created or resumed).
 */
export class StormOrchestrator {
  readonly id: string;
  private readonly tick: StormTick;
  private readonly held = new Map<string, StormLease>();
  private readonly now: () => number;
  private polls?: { controller: AbortController; loop: Promise<void> };
  private renewal?: ReturnType<typeof setInterval>;
  private passing?: Promise<void>;
  private again = false;
  private stopped = true;

  constructor(private readonly options: StormOrchestratorOptions) {
    this.id = options.id ?? `${os.hostname()}:${process.pid}:${randomUUID()}`;
    this.tick = new StormTick(options.deps);
    this.now = options.now ?? Date.now;
  }

  /** Storms this orchestrator holds the lease of. */
  get stormIds(): string[] {
    return [...this.held.keys()];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const controller = new AbortController();
    this.polls = { controller, loop: this.pollEvery(controller.signal) };
    this.renewal = setInterval(
      () => void this.renew(),
      Math.max(10, Math.floor(this.options.leaseMs / 3)),
    );
    this.renewal.unref?.();
  }

  private async pollEvery(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      this.kick();
      await sleep(this.options.pollIntervalMs, signal).catch(() => undefined);
    }
  }

  /** Looks at the storms now (again after the pass under way, if any). */
  kick(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.pass()
      .catch(error =>
        this.options.deps.logger.warn(
          `Region failover orchestrator pass failed: ${sanitizeForLog(
            error,
            500,
          )}`,
        ),
      )
      .finally(() => {
        this.passing = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Claims the storms nobody drives, then ticks every held storm once. */
  private async pass(): Promise<void> {
    const { leases } = this.options.deps.store;
    const claimable = await leases.listClaimable(this.now(), CLAIM_BATCH);
    for (const stormId of claimable) {
      if (this.stopped) return;
      const lease = await leases.claim(
        stormId,
        this.id,
        this.options.leaseMs,
        this.now(),
      );
      if (lease) this.held.set(stormId, lease);
    }
    for (const lease of [...this.held.values()]) {
      if (this.stopped) return;
      await this.tickOne(lease);
    }
  }

  private async tickOne(lease: StormLease): Promise<void> {
    try {
      if (await this.tick.run(lease)) this.held.delete(lease.stormId);
    } catch (error) {
      if (error instanceof StormLeaseLostError) {
        this.held.delete(lease.stormId);
        this.options.deps.logger.warn(
          `Region failover ${lease.stormId}: lease lost; another replica drives it`,
        );
        return;
      }
      // The lease is kept: the next pass retries from the database's state.
      this.options.deps.logger.warn(
        `Region failover ${lease.stormId}: tick failed: ${sanitizeForLog(
          error,
          500,
        )}`,
      );
    }
  }

  private async renew(): Promise<void> {
    const { leases } = this.options.deps.store;
    for (const lease of [...this.held.values()]) {
      try {
        const kept = await leases.renew(
          lease,
          this.options.leaseMs,
          this.now(),
        );
        if (!kept) this.held.delete(lease.stormId);
      } catch (error) {
        this.options.deps.logger.warn(
          `Region failover ${
            lease.stormId
          }: lease renewal failed: ${sanitizeForLog(error, 500)}`,
        );
      }
    }
  }

  /**
   * Simulates a dead replica: stops at once and leaves the leases to
   * expire (for tests and drills). A pass under way is fenced out of the
   * database once another orchestrator claims its storms.
   */
  crash(): void {
    this.stopped = true;
    this.polls?.controller.abort();
    clearInterval(this.renewal);
    this.held.clear();
  }

  /** Stops; with `release` (graceful shutdown) another replica claims at once. */
  async stop(options: { release?: boolean } = { release: true }) {
    this.stopped = true;
    this.polls?.controller.abort();
    clearInterval(this.renewal);
    await this.polls?.loop;
    await this.passing;
    const held = [...this.held.values()];
    this.held.clear();
    if (options.release) {
      await Promise.all(
        held.map(lease => this.options.deps.store.leases.release(lease)),
      );
    }
  }
}
