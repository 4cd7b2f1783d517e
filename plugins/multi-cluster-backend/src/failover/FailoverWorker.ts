import { LoggerService } from '@backstage/backend-plugin-api';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { FailoverRunner, LeaseLostError } from './FailoverRunner';
import { FailoverStore, Lease } from './FailoverStore';
import { sleep } from '../util/deadline';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { WorkSignal } from './workSignal';

/**
 * Claims runs from the database and executes them. Every backend replica
 * runs one worker; a run is held by one lease at a time (claimed by a
 * conditional UPDATE, renewed at a third of its duration). When a replica
 * dies its leases expire and any replica resumes the runs from the step
 * they were on.
 *
 * It looks for runs when the work signal says there is new work (a run
 * created or finished, a lease released, on any replica), when the first
 * lease it saw held expires (a replica died holding it), and every poll
 * interval as a safety net. What it then claims is decided by the
 * database alone: a notice is only a hint.
 */
export class FailoverWorker {
  readonly id: string;
  /** The poll loop and its controller, which stop() and crash() abort. */
  private polls?: { controller: AbortController; loop: Promise<void> };
  private readonly active = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();
  private polling?: Promise<void>;
  private again = false;
  private stopped = true;
  private unsubscribe?: () => void;
  /** Wakes the worker when the first lease it saw held expires. */
  private expiryWake?: NodeJS.Timeout;

  constructor(
    private readonly options: {
      store: FailoverStore;
      runner: FailoverRunner;
      logger: LoggerService;
      leaseMs: number;
      pollIntervalMs: number;
      concurrency: number;
      /** Wakes the worker on new work; without it, it only polls. */
      wake?: WorkSignal;
      id?: string;
    },
  ) {
    this.id = options.id ?? `${os.hostname()}:${process.pid}:${randomUUID()}`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.options.wake?.subscribe(() => this.kick());
    const controller = new AbortController();
    this.polls = { controller, loop: this.pollEvery(controller.signal) };
  }

  /** Looks for claimable runs now and every poll interval until aborted. */
  private async pollEvery(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      this.kick();
      // Rejects only when aborted, which ends the loop.
      await sleep(this.options.pollIntervalMs, signal).catch(() => undefined);
    }
  }

  /** Looks for claimable runs now (e.g. right after creating one). */
  kick(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = this.poll()
      .catch(error =>
        this.options.logger.warn(
          `Failover worker poll failed: ${sanitizeForLog(error, 500)}`,
        ),
      )
      .finally(() => {
        this.polling = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Runs executing on this worker. */
  get runningIds(): string[] {
    return [...this.active.keys()];
  }

  private async poll(): Promise<void> {
    const free = this.options.concurrency - this.active.size;
    if (free <= 0) return;
    const ids = await this.options.store.listClaimable(Date.now(), free * 2);
    await this.claimAll(ids);
    this.wakeAt(await this.options.store.nextLeaseExpiry(Date.now()));
  }

  private async claimAll(ids: string[]): Promise<void> {
    for (const runId of ids) {
      if (this.stopped || this.active.size >= this.options.concurrency) break;
      if (this.active.has(runId)) continue;
      const lease = await this.options.store.claim(
        runId,
        this.id,
        this.options.leaseMs,
      );
      if (lease && this.stopped) {
        await this.options.store.release(lease);
      } else if (lease) {
        this.launch(lease);
      }
    }
  }

  /** Looks again just after `expiresAt` (epoch ms), if given. */
  private wakeAt(expiresAt: number | undefined) {
    clearTimeout(this.expiryWake);
    this.expiryWake = undefined;
    if (expiresAt === undefined || this.stopped) return;
    // A lease is claimable once its expiry is strictly in the past.
    const delayMs = Math.max(0, expiresAt - Date.now()) + 1;
    this.expiryWake = setTimeout(() => this.kick(), delayMs);
    this.expiryWake.unref?.();
  }

  /** No more kicks: notices, lease expiries and polls end. */
  private quiet() {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearTimeout(this.expiryWake);
    this.expiryWake = undefined;
    this.polls?.controller.abort();
  }

  private launch(lease: Lease) {
    const controller = new AbortController();
    const renewEvery = Math.max(10, Math.floor(this.options.leaseMs / 3));
    const renewal = setInterval(() => {
      this.options.store
        .renew(lease, this.options.leaseMs)
        .then(ok => {
          if (!ok) controller.abort(new LeaseLostError(lease.runId));
        })
        .catch(error =>
          this.options.logger.warn(
            `Failover run ${
              lease.runId
            }: lease renewal failed: ${sanitizeForLog(error, 500)}`,
          ),
        );
    }, renewEvery);
    renewal.unref?.();
    const done = this.options.runner
      .execute(lease, controller.signal)
      .catch(async error => {
        this.options.logger.error(
          `Failover run ${lease.runId} crashed on ${this.id}: ${sanitizeForLog(
            error,
            500,
          )}`,
        );
        // Leave the lease to expire: another replica retries the run.
      })
      .finally(() => {
        clearInterval(renewal);
        this.active.delete(lease.runId);
        if (!this.stopped) this.kick();
      });
    this.active.set(lease.runId, { controller, done });
  }

  /**
   * Simulates a dead replica: stops polling and abandons its runs at once,
   * leaving their leases to expire (for tests and drills).
   */
  crash(): void {
    this.quiet();
    for (const r of this.active.values()) {
      r.controller.abort(new Error('worker crashed'));
    }
  }

  /**
   * Stops polling and aborts running runs. With `release` (graceful
   * shutdown) their leases are freed so another replica continues at once;
   * without it (a simulated crash) they are left to expire.
   */
  async stop(options: { release?: boolean } = { release: true }) {
    this.quiet();
    const running = [...this.active.entries()];
    for (const [, r] of running) {
      r.controller.abort(new Error('worker stopped'));
    }
    await Promise.all(running.map(([, r]) => r.done));
    await this.polls?.loop;
    await this.polling;
    if (options.release) {
      await Promise.all(
        running.map(async ([runId]) => {
          const run = await this.options.store.getRun(runId);
          if (run?.leaseOwner?.startsWith(`${this.id}#`)) {
            await this.options.store.release({
              runId,
              owner: run.leaseOwner,
            });
          }
        }),
      );
    }
  }
}
