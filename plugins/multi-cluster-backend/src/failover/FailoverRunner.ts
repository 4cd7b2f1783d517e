import { ChangeJournal } from './ChangeJournal';
import { FailoverEvents } from './FailoverEvents';
import { FailoverStore, Lease } from './FailoverStore';
import { StepDeps, StepExecutors } from './steps';
import { LeaseLostError } from './runInterruptions';
import { FailoverRun, FailoverStepRecord } from './types';
import { RunScope, runScope } from './runner/runScope';
import { runStep } from './runner/runStep';
import {
  finishCancelled,
  finishFailed,
  finishSucceeded,
} from './runner/runEndings';

export { LeaseLostError } from './runInterruptions';

/** A run claimed more often than this (crash loop) is failed, not retried. */
const MAX_CLAIMS = 10;

export interface RunnerHooks {
  /** Called after every completed step (tests simulate crashes here). */
  afterStep?: (run: FailoverRun, step: FailoverStepRecord) => Promise<void>;
}

/**
 * Executes one claimed run step by step, from the first unfinished step:
 * each attempt is bounded by the step's timeout (scaled), failures retry
 * with exponential backoff up to the step's maxAttempts, and every write is
 * fenced by the lease so a worker that lost its lease changes nothing.
 */
export class FailoverRunner {
  constructor(
    private readonly options: {
      store: FailoverStore;
      journal: ChangeJournal;
      events: FailoverEvents;
      deps: StepDeps;
      executors: StepExecutors;
      hooks?: RunnerHooks;
    },
  ) {}

  async execute(lease: Lease, leaseSignal: AbortSignal): Promise<void> {
    const run = await this.options.store.getRun(lease.runId);
    if (!run || !['pending', 'running'].includes(run.status)) {
      return;
    }
    try {
      const started = await this.start(
        runScope(this.options, lease, leaseSignal, run),
      );
      if (started) await this.runSteps(started);
    } catch (error) {
      if (error instanceof LeaseLostError || leaseSignal.aborted) {
        this.options.deps.logger.warn(
          `Failover run ${lease.runId}: lease lost; another replica resumes it`,
        );
        return;
      }
      throw error;
    }
  }

  /**
   * Marks the run running, the scope of the run as it then reads; a run
   * that keeps losing its worker is failed instead (no scope).
   */
  private async start(scope: RunScope): Promise<RunScope | undefined> {
    const { store, lease, run } = scope;
    if (run.claims > MAX_CLAIMS) {
      const error = `abandoned after ${
        run.claims - 1
      } claims: the run keeps losing its worker`;
      await scope.fenced(store.finish(lease, { status: 'failed', error }));
      await scope.emit({ event: 'run.failed', status: 'failed', error });
      return undefined;
    }
    const resumed = run.status === 'running';
    const startedAt = run.startedAt ?? new Date().toISOString();
    await scope.fenced(store.markRunning(lease, startedAt));
    // Only the lease holder writes the run: it is what was read, running.
    const current: FailoverRun = { ...run, status: 'running', startedAt };
    const started = runScope(this.options, lease, scope.leaseSignal, current);
    await started.emit({
      event: resumed ? 'run.resumed' : 'run.started',
      status: 'running',
      detail: { claims: current.claims },
    });
    return started;
  }

  /** Runs the unfinished steps in order, then ends the run. */
  private async runSteps(scope: RunScope): Promise<void> {
    const { store, run, leaseSignal } = scope;
    const startedAt = Date.parse(run.startedAt ?? new Date().toISOString());
    for (const step of run.steps) {
      if (['succeeded', 'skipped'].includes(step.status)) {
        continue;
      }
      if (await store.isCancelRequested(run.id)) {
        await finishCancelled(scope, startedAt);
        return;
      }
      const outcome = await runStep(scope, step);
      if (outcome === 'failed') {
        await finishFailed(scope, step, startedAt);
        return;
      }
      if (outcome === 'cancelled') {
        await finishCancelled(scope, startedAt);
        return;
      }
      await this.options.hooks?.afterStep?.(run, step);
      if (leaseSignal.aborted) throw new LeaseLostError(run.id);
    }
    await finishSucceeded(scope, startedAt);
  }
}
