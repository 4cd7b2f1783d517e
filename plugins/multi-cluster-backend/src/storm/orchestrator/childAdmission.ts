import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  FailoverPlanError,
  PlannedTarget,
} from '@flotilla/plugin-multi-cluster-common';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { ActiveFailoverError } from '../../failover/FailoverStore';
import { FailoverRun } from '../../failover/types';
import { ChildNotAdmittedError, StormLease } from '../store/StormStore';
import { PENDING_CHILD_STATUSES, Storm, StormChild } from '../types';
import { childRunKey } from './childRunKey';
import { OrchestrationDeps } from './types';

/** How admitting one child went. */
export type AdmissionOutcome =
  | { kind: 'running'; run: FailoverRun }
  | { kind: 'held'; status: 'queued' | 'skipped'; reason: string }
  /** The storm stopped admitting meanwhile (paused, cancelled, lease lost). */
  | { kind: 'stopped'; reason: string }
  /** A fault worth retrying on the next tick; the child stays pending. */
  | { kind: 'retry'; reason: string };

const sameTargets = (a: PlannedTarget[], b: PlannedTarget[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Why a child's run could not be created, as the child's next state. */
function outcomeOfError(error: unknown): AdmissionOutcome {
  const reason = sanitizeForLog(error, 500);
  if (error instanceof ChildNotAdmittedError)
    return { kind: 'stopped', reason };
  // Another run of the service (a person's) holds its lock: wait for it.
  if (error instanceof ActiveFailoverError) {
    return { kind: 'held', status: 'queued', reason: error.message };
  }
  // The plan no longer applies, the service is gone, or (a failback) the
  // run has nothing to roll back or was rolled back already.
  if (
    error instanceof FailoverPlanError ||
    error instanceof NotFoundError ||
    error instanceof ConflictError
  ) {
    return { kind: 'held', status: 'skipped', reason: error.message };
  }
  return { kind: 'retry', reason };
}

/**
 * Admits one child: records its (re-planned) targets, then creates its run
 * (a failover to those targets, or in a failback the rollback of the
 * failover's run) with the child's key, recording the run on the child in
 * the run's transaction, fenced by the storm's lease. A run the key
 * already made (a crash after the commit) is the child's run.
 */
export async function admitChild(
  deps: OrchestrationDeps,
  lease: StormLease,
  storm: Storm,
  admitted: { child: StormChild; targets: PlannedTarget[]; replicas: number },
): Promise<AdmissionOutcome> {
  const { child, targets, replicas } = admitted;
  if (!sameTargets(child.targets, targets) || child.replicas !== replicas) {
    await deps.store.leases.transition(lease, child, {
      from: PENDING_CHILD_STATUSES,
      status: child.status,
      targets,
      replicas,
    });
  }
  const idempotency = childRunKey(storm, child);
  const recordInTransaction = (
    tx: Parameters<typeof deps.store.leases.link>[0],
    runId: string,
  ) => deps.store.leases.link(tx, lease, child, runId);
  const reason = `region ${storm.kind} ${storm.id}: ${storm.reason}`;
  try {
    const credentials = await deps.credentials();
    const common = {
      reason,
      actor: storm.actor,
      idempotency,
      recordInTransaction,
    };
    const { run, created } =
      storm.kind === 'failover'
        ? await deps.failover.start(
            {
              ...common,
              entityRef: child.entityRef,
              from: child.from,
              targets,
            },
            credentials,
          )
        : await deps.failover.rollback(
            { ...common, runId: child.rollbackOf! },
            credentials,
          );
    if (!created && !(await deps.store.leases.adopt(lease, child, run.id))) {
      return { kind: 'stopped', reason: `run ${run.id} was already recorded` };
    }
    return { kind: 'running', run };
  } catch (error) {
    return outcomeOfError(error);
  }
}
