import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestHandler } from 'express';

/** How the pacer reads the loop and waits; real by default, fake in tests. */
export interface LoopProbe {
  now(): number;
  /** The share of time the loop was busy since the previous call, 0 to 1. */
  utilizationSinceLastCall(): number;
  sleep(ms: number): Promise<void>;
}

function realProbe(): LoopProbe {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    now: () => performance.now(),
    utilizationSinceLastCall() {
      const current = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(current, last);
      last = current;
      return since.utilization;
    },
    sleep: ms => sleep(ms).then(() => undefined),
  };
}

/** The loop is sampled at most this often, so a sample spans real work. */
const SAMPLE_MS = 20;
const PAUSE_MS = 25;
/** The longest one step waits: background work always advances. */
const MAX_WAIT_MS = 1000;

/**
 * Lets background work give way to the requests the backend answers. Node
 * runs callbacks in the order they come, so a pass over 500 clusters that
 * keeps the event loop full makes every page wait behind it. Before each
 * step the work calls `giveWay`, which waits while the loop has been busier
 * than `maxUtilization`, or while the plugin is answering requests (the
 * pass's reads go to the same control planes and members as a page's, and
 * a page waits for each of its own), at most a second, so the work always
 * advances; at 1 it never waits.
 */
export class EventLoopPacer {
  private sampledAt = -Infinity;
  private busy = false;
  private serving = 0;

  constructor(
    private readonly maxUtilization: number,
    private readonly probe: LoopProbe = realProbe(),
  ) {}

  /**
   * Marks a request being answered until the returned function is called
   * (more than once is harmless).
   */
  answering(): () => void {
    this.serving++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.serving--;
    };
  }

  async giveWay(): Promise<void> {
    if (this.maxUtilization >= 1) return;
    for (let waited = 0; waited < MAX_WAIT_MS; waited += PAUSE_MS) {
      if (!this.isBusy()) return;
      await this.probe.sleep(PAUSE_MS);
    }
  }

  private isBusy(): boolean {
    if (this.serving > 0) return true;
    const now = this.probe.now();
    if (now - this.sampledAt >= SAMPLE_MS) {
      this.busy = this.probe.utilizationSinceLastCall() > this.maxUtilization;
      this.sampledAt = now;
    }
    return this.busy;
  }
}

/**
 * Express middleware that tells the pacer a request is being answered,
 * from its arrival until its response ends or its client leaves.
 */
export function answeringRequests(pacer: EventLoopPacer): RequestHandler {
  return (_req, res, next) => {
    const done = pacer.answering();
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
