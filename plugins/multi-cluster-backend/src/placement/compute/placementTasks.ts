import {
  PlacementError,
  QuantityError,
} from '@flotilla/plugin-multi-cluster-common';
import type * as common from '@flotilla/plugin-multi-cluster-common';

/**
 * The CPU-heavy work on the fleet, as tasks a worker thread runs: Karmada's
 * scheduler, placement advice, the connectivity report and what-if plans, all pure
 * functions of their arguments. Each task is an export of the common
 * package: the one table both threads run tasks from (the worker receives
 * it as `workerData`).
 */
export const TASK_EXPORTS = {
  connectivity: 'buildConnectivityReport',
  schedule: 'schedule',
  recommend: 'recommendPlacement',
  whatIf: 'planWhatIf',
} as const satisfies Record<string, keyof typeof common>;

export type PlacementTaskName = keyof typeof TASK_EXPORTS;

/** Each task's signature: that of its export. */
export type PlacementTasks = {
  [T in PlacementTaskName]: (typeof common)[(typeof TASK_EXPORTS)[T]];
};

/** A task's error as it crosses threads (structured clone drops the class). */
export interface TaskErrorData {
  name: string;
  message: string;
  code?: string;
  reason?: string;
  detail?: string;
  field?: string;
  explanation?: unknown;
}

/** The error a task threw in the worker, as the class the routes expect. */
export function errorFromWorker(data: TaskErrorData): Error {
  if (data.name === 'PlacementError') {
    const error = new PlacementError(
      data.code as PlacementError['code'],
      data.message,
      data.detail,
      data.reason as PlacementError['reason'],
    );
    if (data.explanation) {
      error.explanation = data.explanation as PlacementError['explanation'];
    }
    return error;
  }
  if (data.name === 'QuantityError') {
    return new QuantityError(
      data.reason as QuantityError['reason'],
      data.detail,
      data.field,
    );
  }
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}

/**
 * The worker's program (CommonJS, evaluated in the thread): it loads the
 * common package (through the development transform when that package is
 * TypeScript source) and answers `{ id, task, args }` messages, calling the
 * task's export ({@link TASK_EXPORTS}), with `{ id, result }` or
 * `{ id, error }`.
 */
export const PLACEMENT_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.transform) require(workerData.transform);
const common = require(workerData.common);
parentPort.on('message', ({ id, task, args }) => {
  try {
    const result = common[workerData.taskExports[task]](...args);
    parentPort.postMessage({ id, result });
  } catch (e) {
    const { name, message, code, reason, detail, field, explanation } = e;
    parentPort.postMessage({
      id,
      error: { name, message, code, reason, detail, field, explanation },
    });
  }
});
`;
