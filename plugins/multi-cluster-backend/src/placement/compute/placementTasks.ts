import {
  PlacementError,
  QuantityError,
  type FleetCluster,
  type FleetConnectivityReport,
  type PlacementAdvice,
  type RecommendPlacementOptions,
  type ScheduleRequest,
  type ScheduleResult,
  type WorkloadRequirements,
  type ClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * The CPU-heavy work on the fleet, as tasks a worker thread runs: Karmada's
 * scheduler, placement advice and the connectivity report, all pure
 * functions of their arguments.
 */
export interface PlacementTasks {
  connectivity(clusters: FleetCluster[]): FleetConnectivityReport;
  schedule(request: ScheduleRequest): ScheduleResult;
  recommend(
    workload: WorkloadRequirements,
    fleet: ClusterProfile[],
    options: RecommendPlacementOptions,
  ): PlacementAdvice;
}

export type PlacementTaskName = keyof PlacementTasks;

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
    const error = new QuantityError(
      data.reason as QuantityError['reason'],
      data.detail,
      data.field,
    );
    return error;
  }
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}

/**
 * The worker's program (CommonJS, evaluated in the thread): it loads the
 * common package (through the development transform when that package is
 * TypeScript source) and answers `{ id, task, args }` messages with
 * `{ id, result }` or `{ id, error }`.
 */
export const PLACEMENT_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.transform) require(workerData.transform);
const common = require(workerData.common);
const tasks = {
  connectivity: clusters => common.buildConnectivityReport(clusters),
  schedule: request => common.schedule(request),
  recommend: (workload, fleet, options) =>
    common.recommendPlacement(workload, fleet, options),
};
parentPort.on('message', ({ id, task, args }) => {
  try {
    parentPort.postMessage({ id, result: tasks[task](...args) });
  } catch (e) {
    const { name, message, code, reason, detail, field, explanation } = e;
    parentPort.postMessage({
      id,
      error: { name, message, code, reason, detail, field, explanation },
    });
  }
});
`;
