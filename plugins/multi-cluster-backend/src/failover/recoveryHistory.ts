import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  readServiceDrSpec,
  type RecoveryHistory,
  type RecoveryHistoryItem,
} from '@flotilla/plugin-multi-cluster-common';
import { ServicePlacement } from './ServicePlacement';
import { FailoverServiceOptions } from './serviceTypes';
import { FailoverRun } from './types';

const FINISHED = ['succeeded', 'failed', 'cancelled'] as const;
type Finished = (typeof FINISHED)[number];

const seconds = (from: string, to: string) =>
  Math.max(0, Date.parse(to) - Date.parse(from)) / 1000;

/**
 * When every target first reported the required ready replicas: the
 * shift's own wait (make before break) or else verify's first ready read,
 * as `drillOutcome` reads them.
 */
function readyAt(run: FailoverRun): string | undefined {
  const step = (kind: string) => run.steps.find(s => s.kind === kind);
  const shift = step('shift-replicas')?.output as
    | { targetsReadyAt?: unknown; dryRun?: unknown }
    | undefined;
  const verify = step('verify')?.output as { readyAt?: unknown } | undefined;
  const at = shift?.targetsReadyAt ?? verify?.readyAt;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at))
    ? at
    : undefined;
}

/** Measured RTO: the run's start to the targets' readiness. */
function measuredRto(run: FailoverRun, startedAt: string) {
  const ready = readyAt(run);
  if (ready) return { rtoSeconds: seconds(startedAt, ready), rtoReason: null };
  return {
    rtoSeconds: null,
    rtoReason:
      run.status === 'succeeded'
        ? 'no readiness was recorded'
        : `the targets never reported ready: the run ${run.status}`,
  };
}

/**
 * Achieved RPO from the `state-restore` step's output (`rpoSeconds`, or
 * `rpoUnknown: true`); not applicable when the step was skipped.
 */
function achievedRpo(
  run: FailoverRun,
): Pick<RecoveryHistoryItem, 'rpo' | 'rpoSeconds'> {
  const restore = run.steps.find(s => s.kind === 'state-restore');
  if (!restore || restore.status === 'skipped') {
    return { rpo: 'not-applicable', rpoSeconds: null };
  }
  const output = (restore.output ?? {}) as {
    rpoSeconds?: unknown;
    rpoUnknown?: unknown;
  };
  const value = output.rpoSeconds;
  if (
    restore.status === 'succeeded' &&
    output.rpoUnknown !== true &&
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0
  ) {
    return { rpo: 'measured', rpoSeconds: value };
  }
  return { rpo: 'unknown', rpoSeconds: null };
}

/** One finished, executed run as the history shows it. */
export function recoveryHistoryItem(
  run: FailoverRun,
): RecoveryHistoryItem | undefined {
  if (!FINISHED.includes(run.status as Finished) || run.dry) return undefined;
  // A run cancelled before a worker took it never started: no recovery.
  if (!run.startedAt) return undefined;
  return {
    runId: run.id,
    kind: run.kind,
    outcome: run.status as Finished,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? null,
    ...measuredRto(run, run.startedAt),
    ...achievedRpo(run),
  };
}

/**
 * A service's recovery history (`GET .../dr/history`): every finished
 * failover, rollback and drill with its measured RTO and achieved RPO,
 * and the targets the service declares.
 */
export class RecoveryHistoryReader {
  constructor(
    private readonly options: Pick<FailoverServiceOptions, 'store'>,
    private readonly services: ServicePlacement,
  ) {}

  /** `ref` is normalized and the caller authorized to read it. */
  async read(
    ref: string,
    limit: number,
    credentials: BackstageCredentials,
  ): Promise<RecoveryHistory> {
    const [entity, runs] = await Promise.all([
      this.services.loadEntity(ref, credentials),
      this.options.store.listRuns({ entityRef: ref, limit }),
    ]);
    const { spec } = readServiceDrSpec(ref, entity.metadata.annotations);
    return {
      entityRef: ref,
      targetRtoSeconds: spec?.rtoSeconds ?? null,
      targetRpoSeconds: spec?.rpoSeconds ?? null,
      items: runs.flatMap(run => recoveryHistoryItem(run) ?? []),
    };
  }
}
