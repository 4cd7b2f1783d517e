import { FailoverEvents, FailoverTransition } from './FailoverEvents';
import { FailoverStore, Lease } from './FailoverStore';
import { ChangeJournal } from './ChangeJournal';
import {
  errorMessage,
  sendFailoverNotification,
  StepChanges,
  StepDeps,
  StepError,
  StepExecutors,
} from './steps';
import { LeaseLostError, withLastObservation } from './runInterruptions';
import { untilAborted } from '../util/deadline';
import { FailoverRun, FailoverStepRecord } from './types';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { HISTORY_BOUNDS, sanitizeJson } from '../util/sanitizeJson';

export { LeaseLostError } from './runInterruptions';

/** Longest step error kept (it comes from clusters, webhooks, Argo CD). */
const MAX_STEP_ERROR = 2000;

/** A run claimed more often than this (crash loop) is failed, not retried. */
const MAX_CLAIMS = 10;

/** Records a transition of the run being executed (events, audit, signals). */
type EmitTransition = (
  t: Omit<FailoverTransition, 'runId' | 'entityRef' | 'actor' | 'kind'>,
) => Promise<void>;

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

  private get scale() {
    return this.options.deps.config.timeScale;
  }

  async execute(lease: Lease, leaseSignal: AbortSignal): Promise<void> {
    const { store } = this.options;
    let run = await store.getRun(lease.runId);
    if (!run || !['pending', 'running'].includes(run.status)) {
      return;
    }
    const fenced = async (ok: Promise<boolean>) => {
      if (!(await ok) || leaseSignal.aborted) {
        throw new LeaseLostError(lease.runId);
      }
    };
    const emit: EmitTransition = t =>
      this.options.events.emit({
        runId: run!.id,
        entityRef: run!.entityRef,
        actor: run!.actor,
        kind: run!.kind,
        ...t,
      });

    try {
      if (run.claims > MAX_CLAIMS) {
        const error = `abandoned after ${
          run.claims - 1
        } claims: the run keeps losing its worker`;
        await fenced(store.finish(lease, { status: 'failed', error }));
        await emit({ event: 'run.failed', status: 'failed', error });
        return;
      }
      const resumed = run.status === 'running';
      await fenced(store.markRunning(lease));
      run = (await store.getRun(lease.runId))!;
      await emit({
        event: resumed ? 'run.resumed' : 'run.started',
        status: 'running',
        detail: { claims: run.claims },
      });
      const startedAt = Date.parse(run.startedAt ?? new Date().toISOString());

      for (const step of run.steps) {
        if (['succeeded', 'skipped'].includes(step.status)) {
          continue;
        }
        if (await store.isCancelRequested(run.id)) {
          await this.finishCancelled(lease, run, startedAt, emit);
          return;
        }
        const outcome = await this.runStep(lease, leaseSignal, run, step, emit);
        if (outcome === 'failed') {
          const completed = run.steps
            .filter(s => ['succeeded', 'skipped'].includes(s.status))
            .map(s => s.kind);
          const error = `step ${step.order} (${step.kind}) failed after ${step.attempts} attempt(s): ${step.error}`;
          await fenced(
            store.finish(lease, {
              status: 'failed',
              error,
              durationMs: Date.now() - startedAt,
            }),
          );
          await emit({
            event: 'run.failed',
            status: 'failed',
            error,
            detail: { completedSteps: completed },
          });
          await this.notifyFailure(run, error);
          return;
        }
        if (outcome === 'cancelled') {
          await this.finishCancelled(lease, run, startedAt, emit);
          return;
        }
        await this.options.hooks?.afterStep?.(run, step);
        if (leaseSignal.aborted) throw new LeaseLostError(run.id);
      }
      const durationMs = Date.now() - startedAt;
      await fenced(store.finish(lease, { status: 'succeeded', durationMs }));
      await emit({
        event: 'run.succeeded',
        status: 'succeeded',
        detail: { durationMs },
      });
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

  private async finishCancelled(
    lease: Lease,
    run: FailoverRun,
    startedAt: number,
    emit: EmitTransition,
  ) {
    const ok = await this.options.store.finish(lease, {
      status: 'cancelled',
      error: 'cancelled by request',
      durationMs: Date.now() - startedAt,
      cancelPendingSteps: true,
    });
    if (!ok) throw new LeaseLostError(run.id);
    await emit({
      event: 'run.cancelled',
      status: 'cancelled',
      detail: {
        completedSteps: run.steps
          .filter(s => ['succeeded', 'skipped'].includes(s.status))
          .map(s => s.kind),
      },
    });
  }

  private async notifyFailure(run: FailoverRun, error: string) {
    if (run.dry) return;
    try {
      const { errors } = await sendFailoverNotification(
        this.options.deps,
        run,
        {
          title:
            run.kind === 'drill'
              ? `DR drill of ${
                  run.context.title ?? run.entityRef
                } failed (a rehearsal, not an outage)`
              : `${run.kind} of ${run.context.title ?? run.entityRef} FAILED`,
          description: `${error}. Completed steps are recorded on run ${run.id}; what it changed on each cluster is recorded there and can be rolled back.`,
          severity: run.kind === 'drill' ? 'high' : 'critical',
        },
      );
      if (errors.length) throw new Error(errors.join('; '));
    } catch (e) {
      this.options.deps.logger.warn(
        `Failover run ${
          run.id
        }: failure notification not sent: ${sanitizeForLog(
          errorMessage(e),
          500,
        )}`,
      );
    }
  }

  /** The step's record of its changes, every write fenced by the lease. */
  private changesOf(lease: Lease, step: FailoverStepRecord): StepChanges {
    const { journal } = this.options;
    const fenced = async (ok: Promise<boolean>) => {
      if (!(await ok)) throw new LeaseLostError(lease.runId);
    };
    return {
      ofRun: (runId = lease.runId) => journal.list(runId),
      intend: changes =>
        fenced(
          journal.intend(
            lease,
            changes.map(c => ({ ...c, stepOrder: step.order })),
          ),
        ),
      applied: (phase, resourceVersion, target) =>
        fenced(
          journal.applied(
            lease,
            { stepOrder: step.order, phase, target },
            resourceVersion,
          ),
        ),
    };
  }

  /** Runs one step with timeout and retries; mutates `step` to match the DB. */
  private async runStep(
    lease: Lease,
    leaseSignal: AbortSignal,
    run: FailoverRun,
    step: FailoverStepRecord,
    emit: EmitTransition,
  ): Promise<'succeeded' | 'failed' | 'cancelled'> {
    const { store, deps, executors } = this.options;
    const fenced = async (ok: Promise<boolean>) => {
      if (!(await ok) || leaseSignal.aborted) {
        throw new LeaseLostError(lease.runId);
      }
    };
    const stepInfo = (status: string, attempt?: number) => ({
      order: step.order,
      kind: step.kind,
      status,
      ...(attempt ? { attempt } : {}),
    });

    if (step.skipReason) {
      const now = new Date().toISOString();
      await fenced(
        store.updateStep(lease, step.order, {
          status: 'skipped',
          startedAt: now,
          finishedAt: now,
          durationMs: 0,
          currentStep: step.kind,
        }),
      );
      step.status = 'skipped';
      await emit({
        event: 'step.skipped',
        status: 'running',
        step: stepInfo('skipped'),
        detail: { reason: step.skipReason },
      });
      return 'succeeded';
    }

    // An attempt interrupted by a crash does not count against the budget.
    const maxAttempts =
      step.status === 'running'
        ? Math.max(step.maxAttempts, step.attempts + 1)
        : step.maxAttempts;
    const timeoutMs = Math.max(1, step.timeoutSeconds * 1000 * this.scale);
    const pollIntervalMs = Math.max(
      1,
      deps.config.stepPollIntervalMs * this.scale,
    );
    const firstStart = step.startedAt ?? new Date().toISOString();
    const t0 = Date.parse(firstStart);

    while (step.attempts < maxAttempts) {
      if (step.attempts > 0 && (await store.isCancelRequested(run.id))) {
        await fenced(
          store.updateStep(lease, step.order, {
            status: 'cancelled',
            finishedAt: new Date().toISOString(),
          }),
        );
        step.status = 'cancelled';
        return 'cancelled';
      }
      step.attempts += 1;
      const attempt = step.attempts;
      await fenced(
        store.updateStep(lease, step.order, {
          status: 'running',
          attempts: attempt,
          startedAt: firstStart,
          currentStep: step.kind,
        }),
      );
      step.status = 'running';
      step.startedAt = firstStart;
      await emit({
        event: 'step.running',
        status: 'running',
        step: stepInfo('running', attempt),
      });

      // Aborted at the attempt's deadline or when the lease is lost.
      const deadline = AbortSignal.timeout(Math.round(timeoutMs));
      const signal = AbortSignal.any([leaseSignal, deadline]);
      const execution = executors[step.kind]({
        run,
        step,
        attempt,
        signal,
        timeoutMs,
        pollIntervalMs,
        deps,
        changes: this.changesOf(lease, step),
        progress: output =>
          fenced(
            store.updateStep(lease, step.order, {
              output: sanitizeJson(output, HISTORY_BOUNDS),
            }),
          ),
      });
      try {
        // A step that ignores its signal cannot hold the run past the deadline.
        const result = await untilAborted(execution, signal);
        const now = new Date().toISOString();
        const status = result.skipped ? 'skipped' : 'succeeded';
        // Outputs echo cluster and webhook responses: recorded escaped and
        // bounded like history.
        const output = sanitizeJson(
          result.skipped ? { skipped: result.skipped } : result.output ?? {},
          HISTORY_BOUNDS,
        );
        await fenced(
          store.updateStep(lease, step.order, {
            status,
            output,
            error: null,
            finishedAt: now,
            durationMs: Date.now() - t0,
          }),
        );
        step.status = status;
        step.output = output;
        step.finishedAt = now;
        await emit({
          event: `step.${status}`,
          status: 'running',
          step: stepInfo(status, attempt),
          ...(result.skipped
            ? { detail: { reason: sanitizeForLog(result.skipped, 500) } }
            : {}),
        });
        return 'succeeded';
      } catch (error) {
        if (error instanceof LeaseLostError || leaseSignal.aborted) {
          throw new LeaseLostError(run.id);
        }
        const message = sanitizeForLog(
          deadline.aborted
            ? await withLastObservation(
                `timed out after ${Math.round(
                  timeoutMs,
                )}ms (attempt ${attempt})`,
                execution,
                deadline.reason,
              )
            : errorMessage(error),
          MAX_STEP_ERROR,
        );
        const retryable = !(error instanceof StepError && !error.retryable);
        step.error = message;
        if (!retryable || step.attempts >= maxAttempts) {
          const now = new Date().toISOString();
          await fenced(
            store.updateStep(lease, step.order, {
              status: 'failed',
              error: message,
              finishedAt: now,
              durationMs: Date.now() - t0,
            }),
          );
          step.status = 'failed';
          await emit({
            event: 'step.failed',
            status: 'running',
            step: stepInfo('failed', attempt),
            error: message,
          });
          return 'failed';
        }
        await fenced(store.updateStep(lease, step.order, { error: message }));
        await emit({
          event: 'step.retrying',
          status: 'running',
          step: stepInfo('running', attempt),
          error: message,
        });
        const backoff = Math.min(
          30_000,
          deps.config.retryBackoffMs * 2 ** (attempt - 1),
        );
        try {
          await deps.sleep(backoff * this.scale, leaseSignal);
        } catch {
          throw new LeaseLostError(run.id);
        }
      }
    }
    return 'failed';
  }
}
