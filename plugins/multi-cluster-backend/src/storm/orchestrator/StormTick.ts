import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { decideAdmissions } from '../admission/decideAdmissions';
import { AdmissionDecision, ChildFit, Hold } from '../admission/types';
import { StormLease } from '../store/StormStore';
import {
  ACTIVE_STORM_STATUSES,
  PENDING_CHILD_STATUSES,
  receivingClusters,
  Storm,
  StormChild,
} from '../types';
import { admitChild } from './childAdmission';
import { settleChildren } from './childSettlement';
import { allChildrenEnded, stormOutcome } from './stormOutcome';
import { OrchestrationDeps } from './types';

/**
 * One step of one storm, by the orchestrator that holds its lease: settle
 * the children whose runs ended; then, unless paused, admit what the caps
 * and the re-planned capacity allow (or, cancelled, cancel what is still
 * pending); and end the storm once every child has ended. Every write is
 * fenced by the lease, every transition recorded.
 */
export class StormTick {
  constructor(private readonly deps: OrchestrationDeps) {}

  /** Runs one step; true once the storm has ended (or is gone). */
  async run(lease: StormLease): Promise<boolean> {
    let storm = await this.load(lease);
    if (!storm) return true;
    const settled = await settleChildren(this.deps, lease, storm);
    for (const child of settled) {
      await this.emitChild(storm, child, child.reason);
    }
    storm = settled.length ? await this.load(lease) : storm;
    if (!storm) return true;
    if (storm.cancelRequested) {
      await this.cancelPending(lease, storm);
    } else if (storm.status === 'running') {
      await this.admit(lease, storm);
    }
    storm = await this.load(lease);
    return storm ? this.finishIfDone(lease, storm) : true;
  }

  private async load(lease: StormLease): Promise<Storm | undefined> {
    const storm = await this.deps.store.records.get(lease.stormId);
    return storm && ACTIVE_STORM_STATUSES.includes(storm.status)
      ? storm
      : undefined;
  }

  private async admit(lease: StormLease, storm: Storm): Promise<void> {
    const mine = storm.children.filter(c => c.status === 'running').length;
    const pending = storm.children.some(c =>
      PENDING_CHILD_STATUSES.includes(c.status),
    );
    // Every slot taken: nothing can be admitted, no need to re-plan.
    if (!pending || mine >= storm.limits.maxConcurrentRuns) return;
    const decisions = await this.decide(storm);
    // Admitted children are of different services: their runs are created
    // side by side, each in its own transaction.
    await Promise.all(
      decisions.map(d =>
        d.kind === 'admit' ? this.admitOne(lease, storm, d) : undefined,
      ),
    );
    for (const decision of decisions) {
      if (decision.kind !== 'admit') {
        await this.hold(lease, storm, decision.child, decision);
      }
    }
  }

  /** What the caps and a re-plan over the fleet now say of each pending child. */
  private async decide(storm: Storm): Promise<AdmissionDecision[]> {
    const running = await this.deps.store.records.runningChildren();
    const fits: Map<StormChild, ChildFit> =
      storm.kind === 'failover'
        ? await this.deps.planning.fits(storm, running)
        : new Map();
    const runningOnTargets = new Map<string, number>();
    for (const child of running) {
      for (const name of receivingClusters(child.kind, child)) {
        runningOnTargets.set(name, (runningOnTargets.get(name) ?? 0) + 1);
      }
    }
    return decideAdmissions({
      kind: storm.kind,
      limits: storm.limits,
      children: storm.children,
      fitOf: child =>
        fits.get(child) ?? {
          kind: 'fits',
          targets: child.targets,
          replicas: child.replicas,
        },
      runningOnTargets,
    });
  }

  private async admitOne(
    lease: StormLease,
    storm: Storm,
    decision: Extract<AdmissionDecision, { kind: 'admit' }>,
  ): Promise<void> {
    const outcome = await admitChild(this.deps, lease, storm, decision);
    if (outcome.kind === 'running') {
      await this.emitChild(storm, {
        ...decision.child,
        targets: decision.targets,
        status: 'running',
        runId: outcome.run.id,
      });
    } else if (outcome.kind === 'held') {
      const { reason } = outcome;
      const hold: Hold =
        outcome.status === 'skipped'
          ? { kind: 'skip', reason }
          : { kind: 'wait', status: 'queued', reason };
      await this.hold(lease, storm, decision.child, hold);
    } else if (outcome.kind === 'retry') {
      this.deps.logger.warn(
        `Region failover ${storm.id}: could not start the run of ${
          decision.child.entityRef
        } from ${decision.child.from}; retrying: ${sanitizeForLog(
          outcome.reason,
          500,
        )}`,
      );
    }
    // `stopped`: the storm stopped admitting (paused, cancelled, lease lost).
  }

  /** Records why a pending child is not admitted (skipped, or waiting). */
  private async hold(
    lease: StormLease,
    storm: Storm,
    child: StormChild,
    hold: Hold,
  ): Promise<void> {
    const status = hold.kind === 'skip' ? 'skipped' : hold.status;
    if (status === child.status && hold.reason === child.reason) return;
    const changed = await this.deps.store.leases.transition(lease, child, {
      from: PENDING_CHILD_STATUSES,
      status,
      reason: hold.reason,
    });
    // A new reason for the same wait is kept on the child, not announced.
    if (changed && status !== child.status) {
      await this.emitChild(storm, { ...child, status }, hold.reason);
    }
  }

  private async cancelPending(lease: StormLease, storm: Storm) {
    for (const child of storm.children) {
      if (!PENDING_CHILD_STATUSES.includes(child.status)) continue;
      const reason = 'cancelled with the region failover';
      const changed = await this.deps.store.leases.transition(lease, child, {
        from: PENDING_CHILD_STATUSES,
        status: 'cancelled',
        reason,
      });
      if (changed) {
        await this.emitChild(storm, { ...child, status: 'cancelled' }, reason);
      }
    }
  }

  private async finishIfDone(lease: StormLease, storm: Storm) {
    if (!allChildrenEnded(storm)) return false;
    const { status, error } = stormOutcome(storm);
    if (await this.deps.store.leases.finish(lease, status, error)) {
      await this.deps.events.emit({
        stormId: storm.id,
        kind: storm.kind,
        actor: storm.actor,
        status,
        event: `storm.${status}`,
        reason: error,
      });
    }
    return true;
  }

  private emitChild(storm: Storm, child: StormChild, reason?: string) {
    return this.deps.events.emit({
      stormId: storm.id,
      kind: storm.kind,
      actor: storm.actor,
      status: storm.status,
      event: `child.${child.status}`,
      child: {
        entityRef: child.entityRef,
        from: child.from,
        status: child.status,
        runId: child.runId,
        to: receivingClusters(storm.kind, child),
      },
      reason,
    });
  }
}
