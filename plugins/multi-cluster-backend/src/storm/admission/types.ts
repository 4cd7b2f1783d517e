import type { PlannedTarget } from '@flotilla/plugin-multi-cluster-common';
import { StormChild, StormKind, StormLimits } from '../types';

/** Whether what a pending child needs is free, as the latest plan says. */
export type ChildFit =
  /** Room for every replica: on these targets. */
  | { kind: 'fits'; targets: PlannedTarget[]; replicas: number }
  /** Not enough room now, and why. */
  | { kind: 'short'; reason: string }
  /** Nothing left to move (the source runs none of it any more), and why. */
  | { kind: 'gone'; reason: string };

/** What runs while a storm admits: its own children and other storms'. */
export interface AdmissionState {
  kind: StormKind;
  limits: StormLimits;
  /** This storm's children running (admitted ones included). */
  running: number;
  /** Children of every storm running onto each cluster. */
  perTarget: Map<string, number>;
  /** Services of this storm with a running child. */
  busyServices: Set<string>;
}

/** Why a child is not admitted now. */
export type Hold =
  | { kind: 'wait'; status: 'queued' | 'waiting-capacity'; reason: string }
  | { kind: 'skip'; reason: string };

/** What to do with one pending child on this tick. */
export type AdmissionDecision =
  | {
      kind: 'admit';
      child: StormChild;
      targets: PlannedTarget[];
      replicas: number;
    }
  | ({ child: StormChild } & Hold);

/** One admission rule: a hold, or undefined when it lets the child pass. */
export type AdmissionRule = (
  child: StormChild,
  fit: ChildFit,
  state: AdmissionState,
) => Hold | undefined;
