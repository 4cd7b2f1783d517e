import { byAdmissionOrder } from '../store/stormTables';
import {
  PENDING_CHILD_STATUSES,
  receivingClusters,
  StormChild,
  StormKind,
  StormLimits,
} from '../types';
import { capacityFree } from './rules/capacityFree';
import { nothingLeftToMove } from './rules/nothingLeftToMove';
import { oneRunPerService } from './rules/oneRunPerService';
import { overallCap } from './rules/overallCap';
import { targetClusterCap } from './rules/targetClusterCap';
import {
  AdmissionDecision,
  AdmissionRule,
  AdmissionState,
  ChildFit,
} from './types';

/**
 * The admission rules, in the order they are asked: the first hold wins.
 * Capacity comes before the caps so that a child that does not fit says
 * so even while every slot is taken.
 */
const RULES: readonly AdmissionRule[] = [
  nothingLeftToMove,
  oneRunPerService,
  capacityFree,
  overallCap,
  targetClusterCap,
];

export interface AdmissionInput {
  kind: StormKind;
  limits: StormLimits;
  /** Every child of the storm. */
  children: StormChild[];
  /** What the latest plan says of a pending child. */
  fitOf(child: StormChild): ChildFit;
  /** Children of every storm running onto each cluster now. */
  runningOnTargets: Map<string, number>;
}

/**
 * Decides, for every pending child in priority order, whether it is
 * admitted now (and onto which targets) or why not: admitting one takes a
 * slot, a slot on each of its targets and its service before the next is
 * asked. A child that does not fit waits while something runs (a finished
 * or failed run changes the fleet); when nothing runs or was admitted, it
 * never will, and it is skipped with the reason.
 */
export function decideAdmissions(input: AdmissionInput): AdmissionDecision[] {
  const running = input.children.filter(c => c.status === 'running');
  const state: AdmissionState = {
    kind: input.kind,
    limits: input.limits,
    running: running.length,
    perTarget: new Map(input.runningOnTargets),
    busyServices: new Set(running.map(c => c.entityRef)),
  };
  const pending = input.children
    .filter(c => PENDING_CHILD_STATUSES.includes(c.status))
    .sort(byAdmissionOrder);
  const decisions = pending.map(child => decideOne(child, input, state));
  if (state.running > 0) return decisions;
  return decisions.map(d =>
    d.kind === 'wait' && d.status === 'waiting-capacity'
      ? {
          kind: 'skip',
          child: d.child,
          reason: `does not fit, and nothing else runs that could change that: ${d.reason}`,
        }
      : d,
  );
}

function decideOne(
  child: StormChild,
  input: AdmissionInput,
  state: AdmissionState,
): AdmissionDecision {
  const fit = input.fitOf(child);
  for (const rule of RULES) {
    const hold = rule(child, fit, state);
    if (hold) return { ...hold, child };
  }
  const targets = fit.kind === 'fits' ? fit.targets : child.targets;
  const replicas = fit.kind === 'fits' ? fit.replicas : child.replicas;
  state.running += 1;
  state.busyServices.add(child.entityRef);
  const receiving =
    input.kind === 'failover'
      ? targets.map(t => t.name)
      : receivingClusters(input.kind, child);
  for (const name of receiving) {
    state.perTarget.set(name, (state.perTarget.get(name) ?? 0) + 1);
  }
  return { kind: 'admit', child, targets, replicas };
}
