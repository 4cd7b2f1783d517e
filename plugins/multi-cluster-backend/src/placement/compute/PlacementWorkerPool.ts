import type { LoggerService } from '@backstage/backend-plugin-api';
import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import * as common from '@flotilla/plugin-multi-cluster-common';
import { Worker } from 'node:worker_threads';
import {
  PlacementUnavailableError,
  TooManyPlacementRequestsError,
} from './overloadErrors';
import {
  errorFromWorker,
  PLACEMENT_WORKER_SOURCE,
  TASK_EXPORTS,
  type PlacementTaskName,
  type PlacementTasks,
  type TaskErrorData,
} from './placementTasks';

/** Whose work it is, for the workers' per-caller limit. */
export function callerOf(credentials?: BackstageCredentials): string {
  const principal = credentials?.principal as
    | { type?: string; userEntityRef?: string; subject?: string }
    | undefined;
  return (
    principal?.userEntityRef ??
    (principal?.subject ? `${principal.type}:${principal.subject}` : 'backend')
  );
}

/** Runs placement tasks for a caller (a user's or a service's identity). */
export interface PlacementCompute {
  run<T extends PlacementTaskName>(
    caller: string,
    task: T,
    ...args: Parameters<PlacementTasks[T]>
  ): Promise<ReturnType<PlacementTasks[T]>>;
}

/** The tasks on the calling thread: for tests and tools, not for a backend. */
export const inProcessCompute: PlacementCompute = {
  async run(_caller, task, ...args) {
    const run = common[TASK_EXPORTS[task]] as (...a: unknown[]) => never;
    return run(...args);
  },
};

export interface PlacementWorkerPoolOptions {
  /** Worker threads. */
  threads: number;
  /** Tasks of all callers waiting for a worker; more are refused (503). */
  queueLimit: number;
  /** Tasks of one caller running or waiting; more are refused (429). */
  perCallerLimit: number;
  /** A task running longer is stopped with its worker (503). */
  taskTimeoutMs: number;
  logger: LoggerService;
}

interface Job {
  id: number;
  caller: string;
  task: PlacementTaskName;
  args: unknown[];
  resolve(result: never): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

type WorkerMessage = { id: number; result?: unknown; error?: TaskErrorData };

/**
 * Placement work (Karmada's scheduler, placement advice) and the fleet's
 * connectivity report off the event loop:
 * a few worker threads and a bounded queue, with a per-caller limit so one
 * user cannot fill it. What does not fit is refused at once with
 * `Retry-After`, so the backend keeps answering every other request.
 */
export class PlacementWorkerPool implements PlacementCompute {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly perCaller = new Map<string, number>();
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: PlacementWorkerPoolOptions) {}

  run<T extends PlacementTaskName>(
    caller: string,
    task: T,
    ...args: Parameters<PlacementTasks[T]>
  ): Promise<ReturnType<PlacementTasks[T]>> {
    const refusal = this.refusalFor(caller);
    if (refusal) return Promise.reject(refusal);
    return new Promise((resolve, reject) => {
      this.perCaller.set(caller, (this.perCaller.get(caller) ?? 0) + 1);
      this.queue.push({
        id: ++this.nextId,
        caller,
        task,
        args,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running tasks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      this.forget(job);
      job.reject(stopping());
    }
    await Promise.all(
      [...this.slots].map(slot => {
        const job = slot.job;
        const retired = this.retire(slot);
        job?.reject(stopping());
        return retired;
      }),
    );
  }

  private refusalFor(caller: string): Error | undefined {
    const { perCallerLimit, queueLimit, threads } = this.options;
    if (this.closed) return stopping();
    if ((this.perCaller.get(caller) ?? 0) >= perCallerLimit) {
      return new TooManyPlacementRequestsError(
        `at most ${perCallerLimit} placement requests of one caller run at once`,
        1,
      );
    }
    const idle =
      this.slots.length < threads || this.slots.some(slot => !slot.job);
    if (!idle && this.queue.length >= queueLimit) {
      return new PlacementUnavailableError(
        `all ${threads} placement workers are busy and ${queueLimit} requests wait`,
        2,
      );
    }
    return undefined;
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const slot = this.slots.find(s => !s.job) ?? this.spawnIfRoom();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawnIfRoom(): Slot | undefined {
    if (this.slots.length >= this.options.threads) return undefined;
    const commonPath = require.resolve('@flotilla/plugin-multi-cluster-common');
    // From source (development, tests) the worker needs the TypeScript
    // transform; the built package is plain JavaScript.
    const transform = /\.tsx?$/.test(commonPath)
      ? require.resolve('@backstage/cli/config/nodeTransform.cjs')
      : undefined;
    const worker = new Worker(PLACEMENT_WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { common: commonPath, transform, taskExports: TASK_EXPORTS },
    });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (message: WorkerMessage) =>
      this.finish(slot, message),
    );
    worker.on('error', error => this.crashed(slot, error as Error));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job) {
    slot.job = job;
    slot.timer = setTimeout(
      () => this.timedOut(slot),
      this.options.taskTimeoutMs,
    );
    slot.worker.postMessage({ id: job.id, task: job.task, args: job.args });
  }

  private finish(slot: Slot, message: WorkerMessage) {
    const job = this.release(slot);
    if (!job || job.id !== message.id) return;
    if (message.error) job.reject(errorFromWorker(message.error));
    else job.resolve(message.result as never);
    this.dispatch();
  }

  private timedOut(slot: Slot) {
    const job = slot.job;
    this.options.logger.warn(
      `Placement task ${job?.task} ran past ${this.options.taskTimeoutMs} ms; its worker was stopped`,
    );
    void this.retire(slot);
    job?.reject(
      new PlacementUnavailableError(
        `placement work took longer than ${Math.round(
          this.options.taskTimeoutMs / 1000,
        )} s`,
        1,
      ),
    );
    this.dispatch();
  }

  private crashed(slot: Slot, error: Error) {
    this.options.logger.error('A placement worker failed', error);
    const job = slot.job;
    void this.retire(slot);
    job?.reject(new Error(`placement worker failed: ${error.message}`));
    this.dispatch();
  }

  /** Frees a slot of its job; returns the job. */
  private release(slot: Slot): Job | undefined {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    if (job) this.forget(job);
    return job;
  }

  /** A job no longer counts against its caller's limit. */
  private forget(job: Job) {
    const left = (this.perCaller.get(job.caller) ?? 1) - 1;
    if (left > 0) this.perCaller.set(job.caller, left);
    else this.perCaller.delete(job.caller);
  }

  private async retire(slot: Slot): Promise<void> {
    this.release(slot);
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    await slot.worker.terminate();
  }
}

function stopping(): Error {
  return new PlacementUnavailableError('the backend is stopping', 5);
}
