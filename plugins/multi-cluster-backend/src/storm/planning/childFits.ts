import type {
  WhatIfPlan,
  WhatIfServiceResult,
} from '@flotilla/plugin-multi-cluster-common';
import { ChildFit } from '../admission/types';
import { StormChild } from '../types';

/** What a plan says of one child: room for it, not enough, or nothing to move. */
function fitOf(
  child: StormChild,
  result: WhatIfServiceResult | undefined,
): ChildFit {
  if (!result) {
    return {
      kind: 'gone',
      reason: `${child.entityRef} is no longer a DR-declared service in the catalog`,
    };
  }
  const source = result.sources.find(s => s.from === child.from);
  if (!source || source.replicas === 0) {
    return {
      kind: 'gone',
      reason: `${child.entityRef} runs no replicas on ${child.from} any more`,
    };
  }
  const targets = source.targets.filter(t => t.replicas > 0);
  const placed = targets.reduce((sum, t) => sum + t.replicas, 0);
  if (placed === source.replicas) {
    return { kind: 'fits', targets, replicas: source.replicas };
  }
  return {
    kind: 'short',
    reason: `${placed} of its ${source.replicas} replica(s) on ${
      child.from
    } fit${result.reason ? `: ${result.reason}` : ''}`,
  };
}

/**
 * Reads a plan per child: each child is one lost cluster's replicas of a
 * service (the plan's source move from that cluster), and fits when the
 * plan places every one of them.
 */
export function childFitsFrom(
  plan: WhatIfPlan,
  children: StormChild[],
): Map<StormChild, ChildFit> {
  const results = new Map(plan.services.map(s => [s.entityRef, s]));
  return new Map(children.map(c => [c, fitOf(c, results.get(c.entityRef))]));
}
