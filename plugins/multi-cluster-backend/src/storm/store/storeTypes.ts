import { ConflictError } from '@backstage/errors';
import type {
  PlannedTarget,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';
import { IdempotencyClaim } from '../../failover/FailoverStore';
import { StormChildStatus, StormKind, StormLimits } from '../types';

/** Thrown while another unfinished storm holds one of the lost clusters. */
export class StormConflictError extends ConflictError {
  constructor(readonly stormId: string, cluster: string) {
    super(
      `Region failover ${stormId} of ${cluster} is not finished; wait for it or cancel it first`,
    );
  }
}

/** Thrown for a second failback of one storm. */
export class AlreadyFailedBackError extends ConflictError {
  constructor(readonly stormId: string, readonly failbackId: string) {
    super(`Region failover ${stormId} already has its failback: ${failbackId}`);
  }
}

/**
 * Thrown when the orchestrator's lease on a storm was lost (expired and
 * taken by another replica): it must stop driving the storm.
 */
export class StormLeaseLostError extends Error {
  readonly name = 'StormLeaseLostError';
  constructor(stormId: string) {
    super(`Lease on region failover ${stormId} lost`);
  }
}

/**
 * Thrown in a child run's transaction when the child may not get a run
 * (already has one, no longer pending, the storm is paused or cancelled,
 * or the lease was lost): the run is not created.
 */
export class ChildNotAdmittedError extends Error {
  readonly name = 'ChildNotAdmittedError';
}

/** A child as created with its storm. */
export interface NewStormChild {
  entityRef: string;
  from: string;
  priority: number;
  targets: PlannedTarget[];
  replicas: number;
  status?: StormChildStatus;
  rollbackOf?: string;
  reason?: string;
}

export interface NewStorm {
  kind: StormKind;
  lostClusters: string[];
  entityRefs?: string[];
  reason: string;
  actor: string;
  idempotency?: IdempotencyClaim;
  failbackOf?: string;
  plan?: WhatIfPlan;
  limits: StormLimits;
  children: NewStormChild[];
}

/** A claimed storm: the owner token must accompany every write. */
export interface StormLease {
  stormId: string;
  owner: string;
}
