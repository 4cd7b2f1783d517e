import { StepContext, StepExecutor } from '../../failover/steps';
import { realShift } from './stormHarness';

/** `name@from` of a run: which child it is. */
export function runKey(ctx: Pick<StepContext, 'run'>): string {
  return `${ctx.run.entityRef.split('/')[1]}@${ctx.run.from}`;
}

/**
 * The shift step of the storm tests: the real direct scaling of the test
 * fleet's Deployments, held at its start until the test releases it (or
 * at once, `open`), recording how many shifts run at once overall and
 * onto each cluster.
 */
export class ShiftGate {
  /** Shifts under way: key → the clusters they raise. */
  readonly inFlight = new Map<string, string[]>();
  /** Every shift started, in order. */
  readonly started: string[] = [];
  maxOverall = 0;
  readonly maxPerTarget = new Map<string, number>();
  private readonly releases = new Map<string, () => void>();
  private readonly released = new Set<string>();

  constructor(private open = false) {}

  readonly executor: StepExecutor = async ctx => {
    const key = runKey(ctx);
    const targets = ctx.run.plan.moves
      .filter(m => m.after > m.before)
      .map(m => m.cluster);
    this.enter(key, targets);
    try {
      await this.held(key, ctx.signal);
      return await realShift(ctx);
    } finally {
      this.inFlight.delete(key);
    }
  };

  private enter(key: string, targets: string[]) {
    this.inFlight.set(key, targets);
    this.started.push(key);
    this.maxOverall = Math.max(this.maxOverall, this.inFlight.size);
    for (const target of targets) {
      const onTarget = [...this.inFlight.values()].filter(t =>
        t.includes(target),
      ).length;
      this.maxPerTarget.set(
        target,
        Math.max(this.maxPerTarget.get(target) ?? 0, onTarget),
      );
    }
  }

  private held(key: string, signal: AbortSignal): Promise<void> {
    if (this.open || this.released.has(key)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.releases.set(key, resolve);
      signal.addEventListener('abort', () => reject(signal.reason), {
        once: true,
      });
    });
  }

  /** Lets these shifts go on (now, or when they start). */
  release(...keys: string[]) {
    for (const key of keys) {
      this.released.add(key);
      this.releases.get(key)?.();
    }
  }

  /** Lets every shift go on, from now on too. */
  openAll() {
    this.open = true;
    for (const release of this.releases.values()) release();
  }

  /** The shifts under way, sorted. */
  get running(): string[] {
    return [...this.inFlight.keys()].sort();
  }
}
