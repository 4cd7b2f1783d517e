import { ChangeJournal } from '../ChangeJournal';
import { FailoverEvents, FailoverTransition } from '../FailoverEvents';
import { FailoverStore, Lease } from '../FailoverStore';
import { LeaseLostError } from '../runInterruptions';
import { StepDeps, StepExecutors } from '../steps';
import { FailoverRun } from '../types';

/** Records a transition of the run being executed (events, audit, signals). */
export type EmitTransition = (
  t: Omit<FailoverTransition, 'runId' | 'entityRef' | 'actor' | 'kind'>,
) => Promise<void>;

/** What executing a run needs, shared by the runner and its steps. */
export interface RunnerParts {
  store: FailoverStore;
  journal: ChangeJournal;
  events: FailoverEvents;
  deps: StepDeps;
  executors: StepExecutors;
}

/** One claimed run being executed under its lease. */
export interface RunScope extends RunnerParts {
  lease: Lease;
  /** Aborted when the lease is lost (or the worker stops). */
  leaseSignal: AbortSignal;
  run: FailoverRun;
  emit: EmitTransition;
  /** Awaits a fenced write; throws when it found the lease gone. */
  fenced(ok: Promise<boolean>): Promise<void>;
}

export function runScope(
  parts: RunnerParts,
  lease: Lease,
  leaseSignal: AbortSignal,
  run: FailoverRun,
): RunScope {
  return {
    ...parts,
    lease,
    leaseSignal,
    run,
    emit: t =>
      parts.events.emit({
        runId: run.id,
        entityRef: run.entityRef,
        actor: run.actor,
        kind: run.kind,
        ...t,
      }),
    fenced: async ok => {
      if (!(await ok) || leaseSignal.aborted) {
        throw new LeaseLostError(lease.runId);
      }
    },
  };
}
