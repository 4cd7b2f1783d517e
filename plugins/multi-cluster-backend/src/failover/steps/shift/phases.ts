import type { ClusterChange, NewClusterChange } from '../../ChangeJournal';
import { awaitReplicasReady, ReadyExpectation } from '../awaitReady';
import { StepContext } from '../types';
import { effectiveReplicas } from '../../recordedChanges';

export type ShiftPhase = ClusterChange['phase'];

/** A change a phase is about to write, before it is recorded. */
export type PlannedChange = Omit<NewClusterChange, 'stepOrder'>;

/** What a write returned for one target. */
export interface WrittenTarget {
  target: string;
  resourceVersion?: string;
}

/** How one way of moving replicas (Karmada's rules, direct scaling) plans and writes. */
export interface ShiftMethod {
  /** What the phase changes, from what runs now (recorded before any write). */
  plan(phase: ShiftPhase): Promise<PlannedChange[]>;
  /** Writes the phase's recorded changes (absolute counts: writing twice changes nothing). */
  apply(phase: ShiftPhase, changes: ClusterChange[]): Promise<WrittenTarget[]>;
}

export interface ShiftOutcome {
  changes: ClusterChange[];
  /** When the clusters that gained replicas were first seen running them. */
  targetsReadyAt?: string;
}

/** The ready replicas each raised cluster must run before anything is lowered. */
export function raisedExpectations(
  changes: ClusterChange[],
): ReadyExpectation[] {
  const perCluster = new Map<string, number>();
  for (const c of changes.filter(change => change.phase === 'raise')) {
    perCluster.set(
      c.cluster,
      (perCluster.get(c.cluster) ?? 0) + effectiveReplicas(c, c.after),
    );
  }
  return [...perCluster].map(([cluster, replicas]) => ({ cluster, replicas }));
}

/**
 * Make before break, resumable: the clusters that gain replicas are
 * written first and must run them ready (bounded by the step's deadline;
 * an unhealthy one fails the step) before the clusters that lose replicas
 * are written, unless the run decided to drain at once (a source that is
 * gone). Each phase's changes are recorded before they are written and
 * marked applied after; a resumed step re-applies what it recorded instead
 * of planning again from counts it may already have changed.
 */
export async function shiftInPhases(
  ctx: StepContext,
  method: ShiftMethod,
  options: { drainAtOnce?: boolean } = {},
): Promise<ShiftOutcome> {
  const ofStep = async () =>
    (await ctx.changes.ofRun()).filter(c => c.stepOrder === ctx.step.order);
  let recorded = await ofStep();
  let targetsReadyAt: string | undefined;
  for (const phase of ['raise', 'lower'] as const) {
    let ofPhase = recorded.filter(c => c.phase === phase);
    if (phase === 'lower' && !options.drainAtOnce) {
      const pending =
        !ofPhase.length || ofPhase.some(c => c.status !== 'applied');
      const expectations = raisedExpectations(recorded);
      if (pending && expectations.length) {
        const outcome = await awaitReplicasReady(
          ctx,
          expectations,
          'the clusters gaining replicas, before any is taken away',
        );
        targetsReadyAt = outcome.readyAt;
      }
    }
    if (!ofPhase.length) {
      const planned = await method.plan(phase);
      if (!planned.length) continue;
      await ctx.changes.intend(planned);
      recorded = await ofStep();
      ofPhase = recorded.filter(c => c.phase === phase);
    }
    if (ofPhase.every(c => c.status === 'applied')) continue;
    for (const written of await method.apply(phase, ofPhase)) {
      await ctx.changes.applied(phase, written.resourceVersion, written.target);
    }
    recorded = await ofStep();
  }
  return { changes: recorded, targetsReadyAt };
}
